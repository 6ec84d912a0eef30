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
      if let wakeUps = self.sharedWakeUps { return .shared(wakeUps, start: wakeUps.elapsed) }
      let start = self.now
      return .clock { offset in
        try await self.sleep(until: start.advanced(by: offset), tolerance: nil)
      }
    }
  }
}

/// The ticks of `Clock.timer(interval:)`: an `AsyncSequence` that does not
/// mention the clock's type, so that existential clocks can make one.
public struct ClockTimer<Duration: DurationProtocol & Sendable>: AsyncSequence, Sendable {
  /// The time elapsed since the timer started, at the tick's deadline.
  public typealias Element = Duration

  let interval: Duration
  /// Captures the clock's current instant and says how to sleep until an offset from it.
  let start: @Sendable () -> Sleep

  /// How a running timer sleeps until its next tick.
  @usableFromInline
  enum Sleep: Sendable {
    /// In its clock's shared wake-ups, from a time on them (the real clocks, whose durations
    /// are `Swift.Duration`). Called directly rather than through a closure: every layer of
    /// closure is one more asynchronous frame kept in the task's memory while the timer waits.
    case shared(SharedWakeUps, start: Swift.Duration)
    /// On the clock itself, until an offset from the timer's start.
    case clock(@Sendable (Duration) async throws -> Void)
  }

  init(interval: Duration, start: @escaping @Sendable () -> Sleep) {
    self.interval = interval
    self.start = start
  }

  /// Starts the timer.
  public func makeAsyncIterator() -> Iterator {
    Iterator(interval: interval, sleep: start())
  }

  /// Waits for the next tick.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let interval: Duration
    @usableFromInline let sleep: Sleep
    @usableFromInline var elapsed: Duration = .zero
    @usableFromInline var isFinished = false

    init(interval: Duration, sleep: Sleep) {
      self.interval = interval
      self.sleep = sleep
    }

    /// The next tick, or `nil` once the task is cancelled.
    public mutating func next() async -> Duration? {
      await next(isolation: nil)
    }

    /// The next tick, or `nil` once the task is cancelled: what `for await` calls.
    ///
    /// Implemented here rather than left to the protocol's default, which calls ``next()`` from
    /// a frame of its own; inlinable, so that it is specialised where the timer is iterated.
    /// Every frame counts: they stay in the task's memory for as long as the timer waits.
    ///
    /// - Parameter actor: The actor the iteration runs on, if any.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Duration? {
      guard !isFinished else { return nil }
      elapsed += interval
      do {
        switch sleep {
        case .shared(let wakeUps, let start):
          // Shared wake-ups serve only the real clocks, whose durations are `Swift.Duration`.
          try await wakeUps.sleep(until: start + (elapsed as! Swift.Duration))
        case .clock(let sleep):
          try await sleep(elapsed)
        }
        return elapsed
      } catch {
        isFinished = true
        return nil
      }
    }
  }
}
