import Synchronization

/// Marks, inside a child's ``ChildState`` or a parent's ``ParentState``, that it takes part in
/// a channel, so that later actions do not subscribe again.
///
/// It is live from the moment the store registers the subscription until the subscription ends
/// (the child went away, the store was released). A marker whose subscription never registered
/// (its effect was dropped) or already ended is not live, and the next action subscribes anew.
///
/// Every timer of a ten-thousand-timer list holds one, so its two flags are one atomic byte
/// rather than a lock.
final class SharedStateSubscription: Sendable {
  let channel: any AnyParentChannel
  private let flags = Atomic<UInt8>(0)
  private static let registered: UInt8 = 1
  private static let ended: UInt8 = 2

  init(channel: any AnyParentChannel) {
    self.channel = channel
  }

  /// Whether this subscription currently delivers `channel`'s changes.
  func isLive(on channel: any AnyParentChannel) -> Bool {
    guard self.channel === channel else { return false }
    return flags.load(ordering: .acquiring) == Self.registered
  }

  func markRegistered() {
    flags.bitwiseOr(Self.registered, ordering: .acquiringAndReleasing)
  }

  func markEnded() {
    flags.bitwiseOr(Self.ended, ordering: .acquiringAndReleasing)
  }
}
