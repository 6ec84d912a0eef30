/// Waits for something an effect does, first by yielding (enough when effects only hop between
/// tasks), then by polling in millisecond steps until a real-time limit.
@MainActor
enum TestWaiter {
  /// How many times the limit an effect that is still at work gets: on a machine so loaded that
  /// a ready task waits long for a thread, a test does not fail for it.
  static let graceFactor = 10

  /// What a wait came to: whether the condition held, and how much real time it took.
  struct Outcome {
    let isMet: Bool
    let waited: Duration

    /// The time waited, as a failure names it: `1.0 seconds`, `10.2 seconds`, `250 milliseconds`.
    var waitedDescription: String {
      let (seconds, attoseconds) = waited.components
      let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
      guard milliseconds >= 100 else { return "\(milliseconds) milliseconds" }
      let tenths = (milliseconds + 50) / 100
      return "\(tenths / 10).\(tenths % 10) seconds"
    }
  }

  /// Waits until `condition` holds, for `timeout`; past it, for as long as effects are still at
  /// work (`isAnyRunning`: neither asleep on a test clock nor ended), up to ``graceFactor``
  /// times `timeout`. An effect asleep on a test clock that nobody advances fails at `timeout`.
  static func wait(
    timeout: Duration,
    whileRunning isAnyRunning: () -> Bool = { false },
    until condition: () -> Bool
  ) async -> Outcome {
    let clock = ContinuousClock()
    let start = clock.now
    if condition() { return Outcome(isMet: true, waited: .zero) }
    for _ in 0..<32 {
      await Task.yield()
      if condition() { return Outcome(isMet: true, waited: start.duration(to: clock.now)) }
    }
    let deadline = start.advanced(by: timeout)
    let lastDeadline = start.advanced(by: timeout * graceFactor)
    while clock.now < deadline || (clock.now < lastDeadline && isAnyRunning()) {
      try? await clock.sleep(for: .milliseconds(1))
      if condition() { return Outcome(isMet: true, waited: start.duration(to: clock.now)) }
    }
    return Outcome(isMet: condition(), waited: start.duration(to: clock.now))
  }
}

extension EffectRegistry {
  /// Whether one of the running effects is at work: running, or ready to, rather than asleep on a
  /// test clock (tracked as `ClockActivity` tracks it).
  var isAnyEffectAtWork: Bool {
    ClockActivity.isAnyInFlight(running.compactMap(\.taskAddress))
  }
}

extension TestStore {
  /// Lets the effects that can run now do so, and deliver what they send at once, before an
  /// assertion returns: what TCA's `send` does by yielding, so that an immediate `.run`
  /// response is reduced before the test's next step.
  ///
  /// Effects run on other threads, so it first waits until the work of every effect started so
  /// far has begun (deterministic, however loaded the machine), then until nothing happens for
  /// a few short rounds (no action reduced, no effect ended) and every running effect is asleep
  /// on a test clock: the test store tracks effect tasks as a test clock does (see
  /// `ClockActivity`), so an effect that is ready but has no thread yet on a loaded machine is
  /// waited for. An effect that waits for something else (a stream, a real clock) is left
  /// waiting once nothing has happened for ``unsettledQuietTime``.
  func letReadyEffectsRun() async {
    let registry = core.registry
    guard registry.count > 0 else { return }
    if useMainSerialExecutor { return await letSerialEffectsRun() }
    let clock = ContinuousClock()
    // Only a bound for a machine so loaded that a task gets no thread for this long.
    let deadline = clock.now.advanced(by: .seconds(1))
    var quietRounds = 0
    var quietSince = clock.now
    var progress = (recorder.reducedCount, registry.count)
    while registry.count > 0, clock.now < deadline {
      await Task.yield()
      let now = (recorder.reducedCount, registry.count)
      if now != progress {
        progress = now
        quietRounds = 0
        quietSince = clock.now
      } else if ledger.allStarted {
        quietRounds += 1
      }
      if quietRounds >= 8 {
        let tasks = registry.running.compactMap(\.taskAddress)
        guard ClockActivity.isAnyInFlight(tasks),
          quietSince.duration(to: clock.now) < Self.unsettledQuietTime
        else { return }
      }
      try? await clock.sleep(for: .microseconds(50))
    }
  }

  /// ``letReadyEffectsRun()`` on the main serial executor, without a clock: every job of the
  /// store's effects waits in the main actor's queue, so each yield of the test (which queues it
  /// behind them) lets every job that was ready run. It returns after ``serialQuietRounds``
  /// yields in a row in which nothing happened (no action reduced, no effect started or ended):
  /// a count of turns, not of time, however busy the machine or the other tests.
  private func letSerialEffectsRun() async {
    let registry = core.registry
    var progress = (recorder.reducedCount, registry.count, ledger.starts.count)
    var quietRounds = 0
    while registry.count > 0, quietRounds < Self.serialQuietRounds {
      await Task.yield()
      let now = (recorder.reducedCount, registry.count, ledger.starts.count)
      if now != progress {
        progress = now
        quietRounds = 0
      } else {
        quietRounds += 1
      }
    }
  }

  /// How many turns of the main actor in a row with nothing happening end
  /// ``letSerialEffectsRun()``: more than the hops between two events of one effect (its start
  /// on the main actor, the hop to its work, a send's hop to the store and back).
  static var serialQuietRounds: Int { 16 }

  /// How long nothing may happen, with an effect neither asleep on a test clock nor ended, before
  /// `send` takes it for waiting on something else and returns.
  static var unsettledQuietTime: Duration { .milliseconds(50) }
}
