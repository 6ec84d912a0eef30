import Foundation

/// What one ``AppStorageKey`` (and its copies) last read or wrote in its store, so that a change
/// told (or found on a read) is taken only when the store holds something else, and the key's own
/// writes are never taken for changes made elsewhere.
final class AppStorageTracker: Sendable {
  /// The tracker whose key is writing on this thread: a change the write itself tells (through
  /// key-value observation, or the test store) is its own.
  @TaskLocal static var writing: ObjectIdentifier?

  private struct State {
    var known: AppStorageFingerprint?
    var recheck: (@Sendable () -> Void)?
  }

  private let state = LockIsolated(State())

  /// Runs `body`, a read or write of the store, and notes what the store holds after it.
  func whileSaving<R>(_ body: () -> (R, AppStorageFingerprint)) -> R {
    let (result, fingerprint) = Self.$writing.withValue(ObjectIdentifier(self)) { body() }
    state.withLock { $0.known = fingerprint }
    return result
  }

  /// Whether the store holds something other than what this key last read or wrote (never
  /// during its own write).
  func hasChanged(_ fingerprint: AppStorageFingerprint) -> Bool {
    guard Self.writing != ObjectIdentifier(self) else { return false }
    return state.withLock { $0.known != fingerprint }
  }

  /// Keeps what a subscription does on a change, for reads to call.
  func start(_ recheck: @escaping @Sendable () -> Void) {
    state.withLock { $0.recheck = recheck }
  }

  func stop() {
    state.withLock { $0.recheck = nil }
  }

  /// Looks for a change now, as the subscription does when told.
  func recheck() {
    state.withLock { $0.recheck }?()
  }
}
