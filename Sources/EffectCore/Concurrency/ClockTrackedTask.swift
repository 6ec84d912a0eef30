/// Starts work outside any store that waits on a clock: a `TestClock` waits for it as for an
/// effect, so that `advance(by:)` returns only once the work it woke has finished or sleeps
/// again. SharedState's debounced saves run this way.
@_spi(Contexts)
public enum ClockTrackedTask {
  /// Runs `operation` in a new task, tracked by test clocks while any exists.
  ///
  /// - Parameter operation: The work; it may sleep on a clock.
  public static func start(_ operation: @escaping @Sendable () async -> Void) {
    _ = ClockActivity.makeTask {
      Task {
        await operation()
        // Done: a clock that woke this task stops waiting for it.
        ClockActivity.ended()
      }
    }
  }
}
