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

  @Test func wrongStateAssertionFailsWithADiffAtTheSend() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line: UInt = #line + 2
    let failures = try await TestStoreFailure.collect {
      try await store.send(.increment) { $0.count = 2 }
    }
    let failure = try #require(failures.only)
    #expect(failure.fileID == "EffectCoreTests/TestStoreTests.swift")
    #expect(failure.filePath.hasSuffix("Tests/EffectCoreTests/TestStoreTests.swift"))
    #expect(failure.line == line)
    // The column `#column` gives a call: its opening parenthesis.
    #expect(failure.column == 27)
    #expect(failure.severity == .error)
    #expect(failure.message.contains("-   count: 2"))
    #expect(failure.message.contains("+   count: 1"))
    #expect(failure.description.hasPrefix("EffectCoreTests/TestStoreTests.swift:\(line): "))
  }

  @Test func unassertedStateChangeFails() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let failures = try await TestStoreFailure.collect { try await store.send(.increment) }
    #expect(failures.only?.message.contains("no change was asserted") == true)
  }

  @Test func unexpectedActionFails() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    let failures = try await TestStoreFailure.collect { try await store.receive(.decrement) }
    let message = try #require(failures.only?.message)
    #expect(message.contains("unexpected action"))
    #expect(message.contains("- .decrement"))
    #expect(message.contains("+ .increment"))
  }

  @Test func missingActionFails() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.timeout = .milliseconds(5)
    try await store.send(.decrement) { $0.count = -1 }
    let failures = try await TestStoreFailure.collect { try await store.receive(.increment) }
    // The time actually waited, at least the timeout.
    #expect(failures.only?.message.contains("received nothing within ") == true)
  }

  @Test func unreceivedActionsFailFinish() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    let failures = try await TestStoreFailure.collect { try await store.finish() }
    #expect(failures.only?.message.contains("2 unexpected action(s)") == true)
  }

  @Test func sendingWithUnreceivedActionsFails() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    let failures = try await TestStoreFailure.collect {
      try await store.send(.decrement) { $0.count = 1 }
    }
    #expect(failures.only?.message.contains("Must handle 2 received action(s)") == true)
  }

  @Test func runningEffectAtFinishFailsNamingItsAction() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
    let sendLine: UInt = #line + 1
    try await store.send(.start) { $0.isRunning = true }
    let failures = try await TestStoreFailure.collect {
      try await store.finish(timeout: .milliseconds(5))
    }
    let message = try #require(failures.only?.message)
    #expect(message.contains("1 effect(s) are still running after "))
    #expect(message.contains("an effect of\n    .start\n"))
    #expect(
      message.contains("started by the send at EffectCoreTests/TestStoreTests.swift:\(sendLine)"))
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
    let line: UInt = #line + 2
    let failures = try await TestStoreFailure.collect {
      try await task.finish(timeout: .milliseconds(5))
    }
    #expect(failures.map(\.line) == [line])
    #expect(failures.only?.message.contains("still running after ") == true)
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
    let failures = try await TestStoreFailure.collect {
      try await store.send(.bump) { $0.count = 5 }
    }
    #expect(failures.only?.message.contains("-   count: 5,") == true)
    try await store.finish()
  }

  @Test func skipReceivedActions() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    #expect(store.receivedActions == [.increment, .increment])
    let failures = await TestStoreFailure.collect { await store.skipReceivedActions() }
    // What an exhaustive store skips on purpose shows, without failing the test.
    #expect(failures.map(\.severity) == [.warning])
    #expect(failures.only?.message.contains("2 received action(s) were skipped") == true)
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
    let failures = try await TestStoreFailure.collect { try await store.send(.now) }
    #expect(failures.only?.message.contains("reported from reduce") == true)
    try await store.finish()
  }

  @Test func issuesFromEffectsFailFinish() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    // The effect may report before `send` has checked, or only by the time `finish` checks.
    let failures = try await TestStoreFailure.collect {
      try await store.send(.later)
      try await store.finish()
    }
    #expect(failures.only?.message.contains("reported from an effect") == true)
  }

  @Test func withoutAStoreTheRunningTestRecordsTheIssue() {
    // As swift-dependencies' reportIssue: outside a test store, the running test fails.
    withKnownIssue {
      #expect(TestIssue.report("reported outside a store") == true)
    } matching: { issue in
      "\(issue)".contains("reported outside a store")
    }
    withKnownIssue {
      reportIssue("reported with reportIssue")
    } matching: { issue in
      "\(issue)".contains("reported with reportIssue")
    }
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
    let failures = try await TestStoreFailure.collect { try await store.finish() }
    let message = try #require(failures.only?.message)
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
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
    let failures = try await TestStoreFailure.collect {
      try await store.send(.noop) { $0.count = 0 }
    }
    #expect(failures.only?.message.contains("Expected state to change") == true)
    try await store.send(.noop)
    try await store.send(.increment) { $0.count = 1 }
    try await store.finish()
  }
}
