/// Marks, inside a child's ``ChildState`` or a parent's ``ParentState``, that it takes part in
/// a channel, so that later actions do not subscribe again.
///
/// It is live from the moment the store registers the subscription until the subscription ends
/// (the child went away, the store was released). A marker whose subscription never registered
/// (its effect was dropped) or already ended is not live, and the next action subscribes anew.
final class SharedStateSubscription: Sendable {
  let channel: any AnyParentChannel
  private let state = LockIsolated<(isRegistered: Bool, hasEnded: Bool)>((false, false))

  init(channel: any AnyParentChannel) {
    self.channel = channel
  }

  /// Whether this subscription currently delivers `channel`'s changes.
  func isLive(on channel: any AnyParentChannel) -> Bool {
    guard self.channel === channel else { return false }
    return state.withLock { $0.isRegistered && !$0.hasEnded }
  }

  func markRegistered() { state.withLock { $0.isRegistered = true } }
  func markEnded() { state.withLock { $0.hasEnded = true } }
}
