import EffectCore
import Testing

/// Every kind of test store failure is reported once, at the call that failed: checked through
/// `TestStoreFailure.reporter` (here `collect`), which stands in for the testing libraries.
/// `SwiftTestingReportingTests` and `XCTestReportingTests` check that the libraries themselves
/// record them there.
@MainActor
@Suite struct FailureLocationTests {
  let file = "EffectCoreTests/FailureLocationTests.swift"

  @Test func aWrongStateIsReportedAtTheSend() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line: UInt = #line + 2
    let failures = try await TestStoreFailure.collect {
      try await store.send(.increment) { $0.count = 2 }
    }
    #expect(failures.map(\.fileID) == [file])
    #expect(failures.map(\.line) == [line])
    #expect(failures.only?.message.hasPrefix("A state change does not match expectation") == true)
  }

  @Test func anUnassertedChangeIsReportedAtTheSend() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line: UInt = #line + 1
    let failures = try await TestStoreFailure.collect { try await store.send(.increment) }
    #expect(failures.map(\.line) == [line])
    #expect(failures.only?.message.hasPrefix("State changed after sending .increment") == true)
  }

  @Test func aClosureThatChangesNothingIsReportedAtTheSend() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line: UInt = #line + 1
    let failures = try await TestStoreFailure.collect { try await store.send(.increment) { _ in } }
    #expect(failures.map(\.line) == [line])
    let noChange = TestStore(initialState: Counter.State()) {
      Reduce<Counter.State, Counter.Action> { _, _ in .none }
    }
    let noChangeLine: UInt = #line + 2
    let expected = try await TestStoreFailure.collect {
      try await noChange.send(.increment) { $0.count = 0 }
    }
    #expect(expected.map(\.line) == [noChangeLine])
    #expect(expected.only?.message.hasPrefix("Expected state to change") == true)
  }

  @Test func anUnreceivedActionIsReportedAtTheNextSend() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    let line: UInt = #line + 1
    let failures = try await TestStoreFailure.collect { try await store.send(.decrement) }
    #expect(failures.map(\.line) == [line])
    #expect(failures.only?.message.hasPrefix("Must handle 2 received action(s)") == true)
  }

  @Test func anUnreceivedActionIsReportedAtFinish() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    let line: UInt = #line + 1
    let failures = try await TestStoreFailure.collect { try await store.finish() }
    #expect(failures.map(\.line) == [line])
  }

  @Test func anUnreceivedActionIsReportedWhereTheStoreWasMadeWhenItGoesAway() async throws {
    var line: UInt = 0
    let failures = try await TestStoreFailure.collect {
      line = #line + 1
      let store = TestStore(initialState: Counter.State()) { Counter() }
      try await store.send(.incrementTwiceNow)
    }
    #expect(failures.map(\.line) == [line])
    #expect(failures.only?.message.hasPrefix("The store received 2 unexpected action(s)") == true)
  }

  @Test func anUnexpectedActionIsReportedAtTheReceive() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.incrementTwiceNow)
    let line: UInt = #line + 1
    let failures = try await TestStoreFailure.collect { try await store.receive(.decrement) }
    #expect(failures.map(\.line) == [line])
    await store.skipReceivedActions(strict: false)
  }

  @Test func aReceiveTimeoutIsReportedAtTheReceive() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let line: UInt = #line + 2
    let failures = try await TestStoreFailure.collect {
      try await store.receive(.increment, timeout: .milliseconds(5))
    }
    #expect(failures.map(\.line) == [line])
    #expect(failures.only?.message.hasPrefix("Expected to receive .increment") == true)
  }

  @Test func anEffectLeftRunningAtFinishIsReportedAtFinishNamingItsSend() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
    let sendLine = #line + 1
    try await store.send(.start) { $0.isRunning = true }
    let line: UInt = #line + 1
    let failures = try await TestStoreFailure.collect { try await store.finish(timeout: .zero) }
    #expect(failures.map(\.line) == [line])
    #expect(failures.only?.message.contains("send at \(file):\(sendLine)") == true)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func anEffectLeftRunningWithoutFinishIsReportedAtItsSend() async throws {
    let clock = TestClock()
    var sendLine: UInt = 0
    let failures = try await TestStoreFailure.collect {
      let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
      sendLine = #line + 1
      try await store.send(.start) { $0.isRunning = true }
    }
    #expect(failures.map(\.line) == [sendLine])
    let message = failures.only?.message ?? ""
    #expect(message.hasPrefix("An effect returned for this action is still running."))
    #expect(message.contains("\n  .start\n"))
  }

  @Test func eachEffectLeftRunningIsReportedAtTheSendThatStartedIt() async throws {
    let clock = TestClock()
    var lines: [UInt] = []
    let failures = try await TestStoreFailure.collect {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
      lines.append(#line + 1)
      try await store.send(.delayedIncrement)
      try await store.send(.increment) { $0.count = 1 }
      lines.append(#line + 1)
      try await store.send(.delayedIncrement)
    }
    #expect(failures.map(\.line) == lines)
    #expect(failures.allSatisfy { $0.message.contains("\n  .delayedIncrement\n") })
  }

  @Test func anEffectStartedByAReceivedActionIsReportedAtTheSendBeforeIt() async throws {
    struct Chain: Reducer {
      struct State: Equatable {}
      enum Action: Equatable { case start, started }
      let clock: TestClock<Duration>
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start: .send(.started)
        case .started: .run { [clock] _ in try await clock.sleep(for: .seconds(1)) }
        }
      }
    }
    let clock = TestClock()
    var sendLine: UInt = 0
    let failures = try await TestStoreFailure.collect {
      let store = TestStore(initialState: Chain.State()) { Chain(clock: clock) }
      sendLine = #line + 1
      try await store.send(.start)
      try await store.receive(.started)
    }
    #expect(failures.map(\.line) == [sendLine])
    #expect(failures.only?.message.contains("\n  .started\n") == true)
  }

  @Test func aSubscriptionLeftInPlaceIsReportedAtItsSend() async throws {
    var sendLine: UInt = 0
    let failures = try await TestStoreFailure.collect {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Bool> { _, _ in .subscribe { _ in {} } }
      }
      sendLine = #line + 1
      try await store.send(true)
    }
    #expect(failures.map(\.line) == [sendLine])
    #expect(failures.only?.message.contains("subscription") == true)
  }

  @Test func aSubscriptionLeftInPlaceFailsFinish() async throws {
    let store = TestStore(initialState: 0) { Reduce<Int, Bool> { _, _ in .subscribe { _ in {} } } }
    try await store.send(true)
    let line: UInt = #line + 1
    let failures = try await TestStoreFailure.collect { try await store.finish(timeout: .zero) }
    #expect(failures.map(\.line) == [line])
    #expect(failures.only?.message.contains("a subscription of\n    true\n") == true)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func anIssueTheFeatureReportsIsReportedAtTheNextAssertion() async throws {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, _ in
        TestIssue.report("Client.fetch is unimplemented")
        return .none
      }
    }
    let line: UInt = #line + 1
    let failures = try await TestStoreFailure.collect { try await store.send(true) }
    #expect(failures.map(\.line) == [line])
    #expect(failures.only?.message.contains("Client.fetch is unimplemented") == true)
  }

  @Test func aFailedAssertIsReportedAtTheAssert() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off
    try await store.send(.increment)
    let line: UInt = #line + 1
    let failures = try await TestStoreFailure.collect { try await store.assert { $0.count = 5 } }
    #expect(failures.map(\.line) == [line])
  }

  @Test func strictSkipsWithNothingToSkipAreReportedAtTheSkip() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let lines: [UInt] = [#line + 2, #line + 3]
    let failures = await TestStoreFailure.collect {
      await store.skipReceivedActions(strict: true)
      await store.skipInFlightEffects(strict: true)
    }
    #expect(failures.map(\.line) == lines)
    #expect(
      failures.map(\.message) == [
        "There were no received actions to skip.", "There were no in-flight effects to skip.",
      ])
  }

  @Test func afterAFailureTheStoreGoingAwayAddsNothing() async throws {
    let clock = TestClock()
    let failures = try await TestStoreFailure.collect {
      let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
      try await store.send(.start) { $0.isRunning = false }
    }
    // One failure: the wrong state. The timer it leaves running is what a test that stopped
    // early never got to.
    #expect(failures.count == 1)
  }
}
