import EffectCore
import Testing

@MainActor
@Suite struct TestStoreTests {
  @Test func passingRun() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    try await store.send(.increment) { $0.count = 1 }
    try await store.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    try await store.receive(.increment) { $0.count = 2 }
    try await store.send(.incrementTwiceNow)
    try await store.receive(.increment) { $0.count = 3 }
    try await store.receive(/Counter.Action.increment) { $0.count = 4 }
    try await store.finish()
  }

  @Test func wrongStateAssertionThrowsWithADiff() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    var caught: TestStoreFailure?
    let line: UInt = #line + 2
    do {
      try await store.send(.increment) { $0.count = 2 }
    } catch {
      caught = error as? TestStoreFailure
    }
    let failure = try #require(caught)
    #expect(failure.fileID == "EffectCoreTests/TestStoreTests.swift")
    #expect(failure.line == line)
    #expect(failure.description.contains("-   count: 2"))
    #expect(failure.description.contains("+   count: 1"))
    #expect(failure.description.hasPrefix("EffectCoreTests/TestStoreTests.swift:\(line): "))
  }

  @Test func unassertedStateChangeThrows() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let failure = try await #require(throws: TestStoreFailure.self) {
      try await store.send(.increment)
    }
    #expect(failure.message.contains("no change was asserted"))
  }

  @Test func unexpectedActionThrows() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    let failure = try await #require(throws: TestStoreFailure.self) {
      try await store.receive(.decrement)
    }
    #expect(failure.message.contains("unexpected action"))
    #expect(failure.message.contains("- .decrement"))
    #expect(failure.message.contains("+ .increment"))
  }

  @Test func missingActionThrows() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.timeout = .milliseconds(5)
    try await store.send(.decrement) { $0.count = -1 }
    let failure = try await #require(throws: TestStoreFailure.self) {
      try await store.receive(.increment)
    }
    #expect(failure.message.contains("received nothing"))
  }

  @Test func unreceivedActionsFailFinish() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    let failure = try await #require(throws: TestStoreFailure.self) {
      try await store.finish()
    }
    #expect(failure.message.contains("2 unexpected action(s)"))
  }

  @Test func sendingWithUnreceivedActionsThrows() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    await #expect(throws: TestStoreFailure.self) {
      try await store.send(.decrement) { $0.count = 1 }
    }
  }

  @Test func runningEffectAtFinishThrows() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
    try await store.send(.start) { $0.isRunning = true }
    let failure = try await #require(throws: TestStoreFailure.self) {
      try await store.finish(timeout: .milliseconds(5))
    }
    #expect(failure.message.contains("1 effect(s) are still running"))
    await store.skipInFlightEffects()
    try await store.finish()
  }

  @Test func testStoreTaskCancelEndsALongLivingEffect() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
    let task = try await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(2))
    try await store.receive(.tick) { $0.ticks = 1 }
    try await store.receive(.tick) { $0.ticks = 2 }
    await task.cancel()
    #expect(task.isCancelled)
    try await store.finish()
  }

  @Test func testStoreTaskFinishWaitsForTheEffect() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    let task = try await store.send(.delayedIncrement)
    await #expect(throws: TestStoreFailure.self) {
      try await task.finish(timeout: .milliseconds(5))
    }
    await clock.advance(by: .seconds(1))
    try await task.finish()
    try await store.receive(.increment) { $0.count = 1 }
    try await store.finish()
  }

  @Test func nonExhaustiveStoreChecksOnlyWhatIsAsserted() async throws {
    struct Feature: Reducer {
      struct State: Equatable { var count = 0, label = "", history: [Int] = [] }
      enum Action: Equatable {
        case bump
        case log(Int)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .bump:
          state.count += 1
          state.label = "bumped"
          return .merge(.send(.log(state.count)), .send(.log(-1)))
        case .log(let value):
          state.history.append(value)
          return .none
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    try await store.send(.bump) { $0.count = 1 }
    try await store.receive(.log(-1)) { $0.history = [1, -1] }
    await #expect(throws: TestStoreFailure.self) {
      try await store.send(.bump) { $0.count = 5 }
    }
    try await store.finish()
  }

  @Test func skipReceivedActions() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    #expect(store.receivedActions == [.increment, .increment])
    await store.skipReceivedActions()
    try await store.send(.decrement) { $0.count = 1 }
    try await store.finish()
  }
}

@MainActor
@Suite struct TestIssueTests {
  struct Feature: Reducer {
    struct State: Equatable {}
    enum Action: Equatable { case now, later }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .now:
        TestIssue.report("reported from reduce")
        return .none
      case .later:
        return .run { _ in TestIssue.report("reported from an effect") }
      }
    }
  }

  @Test func issuesFromReduceFailTheNextAssertion() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let failure = try await #require(throws: TestStoreFailure.self) {
      try await store.send(.now)
    }
    #expect(failure.message.contains("reported from reduce"))
    try await store.finish()
  }

  @Test func issuesFromEffectsFailFinish() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    // The effect may report before `send` has checked, or only by the time `finish` checks.
    let failure = try await #require(throws: TestStoreFailure.self) {
      try await store.send(.later)
      try await store.finish()
    }
    #expect(failure.message.contains("reported from an effect"))
  }

  @Test func withoutAHandlerNothingReceivesTheIssue() {
    #expect(TestIssue.report("nobody listens") == false)
  }
}

@MainActor
@Suite struct ReceivedActionMessageTests {
  struct Payload: Equatable { var a = 1, b = 2 }
  enum Action: Equatable {
    case start
    case got(Payload)
  }

  @Test func multiLineActionsAreIndentedWhole() async throws {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in action == .start ? .send(.got(Payload())) : .none }
    }
    try await store.send(.start)
    let failure = try await #require(throws: TestStoreFailure.self) {
      try await store.finish()
    }
    let lines = failure.message.split(separator: "\n", omittingEmptySubsequences: false)
    let block = lines.drop { !$0.contains(".got(") }.prefix { !$0.isEmpty }
    #expect(block.count == 6)
    // The action's closing parenthesis is indented with the rest of it.
    #expect(block.allSatisfy { $0.hasPrefix("  ") })
    #expect(!lines.contains(")"))
  }
}

@MainActor
@Suite struct ExpectedChangeTests {
  struct Feature: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case noop, increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if action == .increment { state.count += 1 }
      return .none
    }
  }

  @Test func aClosureThatDescribesNoChangeForAnActionThatChangedNothingFails() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let failure = await #expect(throws: TestStoreFailure.self) {
      try await store.send(.noop) { $0.count = 0 }
    }
    #expect(failure?.message.contains("Expected state to change") == true)
    try await store.send(.noop)
    try await store.send(.increment) { $0.count = 1 }
    try await store.finish()
  }
}
