/// Runs a stop at most once: when cancelled, and (if asked) when released without having been.
/// What a listener, a file watch or a stored-defaults observation hands back to end itself.
package final class StopOnce: Sendable {
  private let stop: LockIsolated<(@Sendable () -> Void)?>
  private let stopsWhenReleased: Bool

  /// - Parameters:
  ///   - stopsWhenReleased: Whether releasing this stops too (a watch nobody holds any more).
  ///   - stop: What stopping does.
  package init(stopsWhenReleased: Bool = false, _ stop: @escaping @Sendable () -> Void) {
    self.stop = LockIsolated(stop)
    self.stopsWhenReleased = stopsWhenReleased
  }

  /// Stops; later calls do nothing.
  package func cancel() {
    let stop = stop.withLock { stop in
      defer { stop = nil }
      return stop
    }
    stop?()
  }

  deinit {
    if stopsWhenReleased { cancel() }
  }
}
