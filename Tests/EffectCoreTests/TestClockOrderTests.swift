import EffectCore
import Testing

/// `TestClock`: sleepers due at the same instant wake in the order they went to sleep, so a test
/// store receives their actions in that order on every run; `run()` ends when its task is
/// cancelled; `run(timeout:)` gives up after real time with a failure, as swift-clocks' does.
@MainActor
@Suite struct TestClockOrderTests {
  struct Feature: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable { case startA, startB, a, b }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startA:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.a)
        }
      case .startB:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.b)
        }
      case .a:
        state.log.append("a")
        return .none
      case .b:
        state.log.append("b")
        return .none
      }
    }
  }

  @Test func effectsDueAtTheSameInstantDeliverInTheOrderTheySlept() async throws {
    // TCA's `testAutomaticEffectCancellation` failed about once in seven runs on this: repeat.
    for _ in 0..<100 {
      let clock = TestClock()
      let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
      try await store.send(.startA)
      try await store.send(.startB)
      await clock.advance(by: .seconds(1))
      try await store.receive(.a) { $0.log = ["a"] }
      try await store.receive(.b) { $0.log = ["a", "b"] }
      try await store.finish()
    }
  }

  @Test func theOrderHoldsTheOtherWayRoundToo() async throws {
    for _ in 0..<100 {
      let clock = TestClock()
      let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
      try await store.send(.startB)
      try await store.send(.startA)
      await clock.run()
      try await store.receive(.b) { $0.log = ["b"] }
      try await store.receive(.a) { $0.log = ["b", "a"] }
      try await store.finish()
    }
  }

  @Test func runEndsWhenItsTaskIsCancelled() async {
    let clock = TestClock()
    let timer = Task {
      for await _ in clock.timer(interval: .seconds(1)) {}
    }
    #expect(await eventually { clock.sleeperCount == 1 })
    let runner = Task { await clock.run() }
    #expect(await eventually { clock.now.offset >= .seconds(10) })
    runner.cancel()
    let ended = LockIsolated(false)
    Task {
      await runner.value
      ended.setValue(true)
    }
    // A run that ignored cancellation would spin for ever; the bound fails it instead.
    #expect(await eventually(timeout: .seconds(10)) { ended.value })
    timer.cancel()
    await timer.value
  }

  @Test func runWithATimeoutGivesUpAndSaysWhatStillSleeps() async {
    let clock = TestClock()
    let timer = Task {
      for await _ in clock.timer(interval: .seconds(1)) {}
    }
    #expect(await eventually { clock.sleeperCount == 1 })
    let issues = LockIsolated<[String]>([])
    let collect: @Sendable (String) -> Void = { message in issues.withLock { $0.append(message) } }
    await TestIssue.$handler.withValue(collect) {
      await clock.run(timeout: .milliseconds(50))
    }
    let message = issues.value.only
    #expect(message?.contains("still sleep after 0.05 seconds of real time") == true)
    #expect(message?.contains("a sleep until") == true)
    // The sleeps were cancelled: the timer's sequence ends.
    await timer.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func runWithATimeoutThatFinishesReportsNothing() async throws {
    let clock = TestClock()
    let task = Task {
      try await clock.sleep(for: .seconds(10))
      try await clock.sleep(for: .seconds(10))
    }
    #expect(await eventually { clock.sleeperCount == 1 })
    let issues = LockIsolated<[String]>([])
    let collect: @Sendable (String) -> Void = { message in issues.withLock { $0.append(message) } }
    // The limit is a hang check only, generous on purpose: on a machine whose cores the rest of
    // the suite keeps busy, ten seconds of real time once ran out before the clock moved.
    await TestIssue.$handler.withValue(collect) {
      await clock.run(timeout: .seconds(600))
    }
    #expect(issues.value.isEmpty)
    #expect(clock.now.offset == .seconds(20))
    try await task.value
  }
}
