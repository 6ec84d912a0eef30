import EffectCore
import Testing

/// What TCA users reach for beyond `send` and `receive`: receiving by predicate, `assert`,
/// skipping, non-exhaustive stores that show what they skip, `withExhaustivity`, effects that
/// deliver before `send` returns, and diffs that name their types.
@MainActor
@Suite struct TestStoreToolkitTests {
  /// Loads a value through an effect that answers at once.
  struct Loader: Reducer {
    struct State: Equatable {
      var value = 0
      var isLoading = false
      var log: [String] = []
    }
    enum Action: Equatable {
      case load
      case loaded(Int)
      case chain
      case first
      case second
      case note(String)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        state.isLoading = true
        return .run { send in await send(.loaded(42)) }
      case .loaded(let value):
        state.isLoading = false
        state.value = value
        return .none
      case .chain:
        return .run { send in await send(.first) }
      case .first:
        state.log.append("first")
        return .run { send in await send(.second) }
      case .second:
        state.log.append("second")
        return .none
      case .note(let text):
        state.log.append(text)
        return .none
      }
    }
  }

  @Test func receiveByPredicate() async throws {
    let store = TestStore(initialState: Loader.State()) { Loader() }
    try await store.send(.load) { $0.isLoading = true }
    try await store.receive(
      { if case .loaded = $0 { true } else { false } },
      assert: {
        $0.isLoading = false
        $0.value = 42
      })
    try await store.finish()
  }

  @Test func receiveByPredicateFailsOnAnotherAction() async throws {
    let store = TestStore(initialState: Loader.State()) { Loader() }
    try await store.send(.load) { $0.isLoading = true }
    let failures = try await TestStoreFailure.collect {
      try await store.receive({ $0 == .second })
    }
    let message = try #require(failures.only?.message)
    #expect(message.hasPrefix("Received an unexpected action, expected an action matching"))
    #expect(message.contains(".loaded(42)"))
  }

  @Test func aSendLetsAnEffectThatAnswersAtOnceDeliverBeforeItReturns() async throws {
    for _ in 0..<50 {
      let store = TestStore(initialState: Loader.State()) { Loader() }
      try await store.send(.load) { $0.isLoading = true }
      #expect(store.receivedActions == [.loaded(42)])
      try await store.receive(.loaded(42)) {
        $0.isLoading = false
        $0.value = 42
      }
      try await store.finish()
    }
  }

  @Test func effectsThatAnswerAtOnceInAChainAllDeliver() async throws {
    let store = TestStore(initialState: Loader.State()) { Loader() }
    try await store.send(.chain)
    #expect(store.receivedActions == [.first, .second])
    await store.skipReceivedActions(strict: false)
    try await store.finish()
  }

  @Test func aNonExhaustiveStoreSeesTheAnswerAtTheNextSend() async throws {
    let store = TestStore(initialState: Loader.State()) { Loader() }
    store.exhaustivity = .off
    try await store.send(.load)
    // The answer was reduced before `send` returned: the next step sees it.
    try await store.send(.note("done")) {
      $0.value = 42
      $0.log = ["done"]
    }
    try await store.finish()
  }

  @Test func assertChecksTheCurrentStateOfANonExhaustiveStore() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    store.exhaustivity = .off
    try await store.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    try await store.assert { $0.count = 1 }
    #expect(store.receivedActions.isEmpty)
    let failures = try await TestStoreFailure.collect { try await store.assert { $0.count = 2 } }
    #expect(failures.only?.message.contains("-   count: 2") == true)
  }

  @Test func assertInAnExhaustiveStoreChecksTheAssertedState() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    try await store.send(.increment) { $0.count = 1 }
    try await store.assert { _ in }
    try await store.assert { $0.count = 1 }
    let failures = try await TestStoreFailure.collect { try await store.assert { $0.count = 3 } }
    #expect(failures.only?.message.contains("+   count: 1") == true)
  }

  @Test func skipReceivedActionsTakesTheirState() async throws {
    let store = TestStore(initialState: Loader.State()) { Loader() }
    store.exhaustivity = .off(showSkippedAssertions: false)
    try await store.send(.chain)
    let failures = await TestStoreFailure.collect {
      await store.skipReceivedActions(strict: true)
    }
    // Non-exhaustive, without showing skipped assertions: nothing to say.
    #expect(failures.isEmpty)
    store.exhaustivity = .on
    try await store.send(.note("x")) { $0.log = ["first", "second", "x"] }
    try await store.finish()
  }

  @Test func skipInFlightEffectsCancelsTimersAndSubscriptions() async throws {
    let clock = TestClock()
    let feed = Feed()
    let store = TestStore(initialState: Listener.State()) { Listener(feed: feed) }
    try await store.send(.listen)
    #expect(feed.count == 1)
    let failures = await TestStoreFailure.collect {
      await store.skipInFlightEffects(strict: true)
    }
    #expect(feed.count == 0)
    #expect(failures.map(\.severity) == [.warning])
    #expect(failures.only?.message.contains("1 in-flight effect(s) were cancelled") == true)
    let ticker = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
    try await ticker.send(.start) { $0.isRunning = true }
    await ticker.skipInFlightEffects()
    #expect(clock.sleeperCount == 0)
    try await ticker.finish()
    try await store.finish()
  }

  @Test func showSkippedAssertionsReportsWhatIsSkippedWithoutFailing() async throws {
    let store = TestStore(initialState: Loader.State()) { Loader() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let lines: [UInt] = [#line + 2, #line + 3, #line + 4]
    let failures = try await TestStoreFailure.collect {
      try await store.send(.load)
      try await store.send(.chain)
      try await store.receive(.second) { $0.log = ["first", "second"] }
    }
    #expect(failures.map(\.severity) == [.warning, .warning, .warning])
    #expect(failures.map(\.line) == lines)
    let messages = failures.map(\.message)
    try #require(messages.count == 3)
    #expect(messages[0].hasPrefix("Skipped assertions."))
    #expect(messages[0].contains("State changed after sending .load beyond what was asserted"))
    #expect(messages[0].contains("+   isLoading: true"))
    #expect(messages[1].contains("1 received action(s) were skipped before sending .chain"))
    #expect(messages[1].contains(".loaded(42)"))
    #expect(messages[2].contains("1 received action(s) were skipped before receiving .second"))
    #expect(messages[2].contains(".first"))
    #expect(store.state.log == ["first", "second"])
  }

  @Test func showSkippedAssertionsReportsCancelledEffects() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
    store.exhaustivity = .off(showSkippedAssertions: true)
    try await store.send(.start) { $0.isRunning = true }
    let failures = try await TestStoreFailure.collect { try await store.finish(timeout: .zero) }
    #expect(failures.map(\.severity) == [.warning])
    #expect(failures.only?.message.contains("1 in-flight effect(s) were cancelled") == true)
    #expect(failures.only?.message.contains(".start") == true)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aNonExhaustiveStoreThatShowsSkippedAssertionsShowsLeaksWhenItGoesAway() async throws {
    let clock = TestClock()
    var sendLine: UInt = 0
    let failures = try await TestStoreFailure.collect {
      let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
      store.exhaustivity = .off(showSkippedAssertions: true)
      sendLine = #line + 1
      try await store.send(.start) { $0.isRunning = true }
    }
    #expect(failures.map(\.severity) == [.warning])
    #expect(failures.map(\.line) == [sendLine])
    #expect(failures.only?.message.contains("is still running") == true)
  }

  @Test func withExhaustivityAppliesToABlockOnly() async throws {
    let store = TestStore(initialState: Loader.State()) { Loader() }
    try await store.withExhaustivity(.off) {
      #expect(store.exhaustivity == .off)
      try await store.send(.load)
      try await store.send(.note("a")) { $0.log = ["a"] }
    }
    #expect(store.exhaustivity == .on)
    try await store.send(.note("b")) { $0.log = ["a", "b"] }
    let failures = try await TestStoreFailure.collect { try await store.send(.note("c")) }
    #expect(failures.only?.message.contains("no change was asserted") == true)
    let count = store.withExhaustivity(.off(showSkippedAssertions: true)) {
      store.receivedActions.count
    }
    #expect(count == 0)
  }

  @Test func diffsNameTheFullType() async throws {
    let store = TestStore(initialState: Loader.State()) { Loader() }
    let failures = try await TestStoreFailure.collect {
      try await store.send(.note("x")) { $0.log = ["y"] }
    }
    #expect(failures.only?.message.contains("  TestStoreToolkitTests.Loader.State(\n") == true)
  }
}
