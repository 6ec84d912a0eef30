extension Clock {
  /// A sequence that ticks every `interval`, on this clock's time.
  ///
  /// Ticks are scheduled from the moment iteration starts (start + interval, start + 2 ×
  /// interval, …), so a slow consumer does not make the timer drift. The sequence ends when the
  /// iterating task is cancelled. Each element is the time elapsed since the start.
  ///
  /// On `ContinuousClock` and `SuspendingClock`, all timers share one wake-up: one task sleeps
  /// until the earliest tick of any timer and wakes every timer whose tick has come, so ten
  /// thousand timers do not cost ten thousand system timers. A tick is never early, and at most
  /// a couple of milliseconds late. On any other clock, such as `TestClock`, each timer sleeps on
  /// the clock itself, and ticks come exactly on time.
  ///
  /// Works on an existential clock as well, such as the `any Clock<Duration>` of a dependency:
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.tick)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter interval: The time between ticks.
  /// - Returns: An asynchronous sequence of ticks.
  public func timer(interval: Duration) -> ClockTimer<Duration> {
    ClockTimer(interval: interval) {
      if let shared = self.sharedSleep() { return shared }
      let start = self.now
      return { offset in try await self.sleep(until: start.advanced(by: offset), tolerance: nil) }
    }
  }
}

/// The ticks of `Clock.timer(interval:)`: an `AsyncSequence` that does not
/// mention the clock's type, so that existential clocks can make one.
public struct ClockTimer<Duration: DurationProtocol & Sendable>: AsyncSequence, Sendable {
  /// The time elapsed since the timer started, at the tick's deadline.
  public typealias Element = Duration

  let interval: Duration
  /// Captures the clock's current instant and returns a sleep until an offset from it.
  let start: @Sendable () -> @Sendable (Duration) async throws -> Void

  init(
    interval: Duration,
    start: @escaping @Sendable () -> @Sendable (Duration) async throws -> Void
  ) {
    self.interval = interval
    self.start = start
  }

  /// Starts the timer.
  public func makeAsyncIterator() -> Iterator {
    Iterator(interval: interval, sleep: start())
  }

  /// Waits for the next tick.
  public struct Iterator: AsyncIteratorProtocol {
    let interval: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    var elapsed: Duration = .zero
    var isFinished = false

    /// The next tick, or `nil` once the task is cancelled.
    public mutating func next() async -> Duration? {
      guard !isFinished else { return nil }
      elapsed += interval
      do {
        try await sleep(elapsed)
        return elapsed
      } catch {
        isFinished = true
        return nil
      }
    }
  }
}
