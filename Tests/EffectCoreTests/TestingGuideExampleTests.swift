import EffectCore
import Testing

// The examples of Docs/Testing.md, run as written there, with the features they use: Getting
// Started's `Counter` and the guide's `Greeting`.
@MainActor
@Suite struct TestingGuideExampleTests {
  @Test func greet() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Greeting.State()) { Greeting(clock: clock) }

    try await store.send(.greetButtonTapped)
    await clock.advance(by: .seconds(2))
    try await store.receive(.greeted("Hello")) { $0.message = "Hello" }
    try await store.finish()
  }

  @Test func receiving() async throws {
    for step in 0..<3 {
      let clock = TestClock()
      let store = TestStore(initialState: Greeting.State()) { Greeting(clock: clock) }
      store.timeout = .seconds(5)
      try await store.send(.greetButtonTapped)
      await clock.advance(by: .seconds(2))
      switch step {
      case 0: try await store.receive(.greeted("Hello")) { $0.message = "Hello" }
      case 1: try await store.receive(/Greeting.Action.greeted) { $0.message = "Hello" }
      default:
        try await store.receive(
          { if case .greeted = $0 { true } else { false } }, assert: { $0.message = "Hello" })
      }
      try await store.finish()
    }
  }

  @Test func timerNonExhaustive() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    store.exhaustivity = .off

    try await store.send(.toggleTimerButtonTapped)  // isTimerRunning not asserted
    await clock.advance(by: .seconds(3))
    try await store.receive(.timerTicked) { $0.count = 1 }  // the first of three ticks
    try await store.send(.incrementButtonTapped) { $0.count = 4 }  // ticks 2 and 3 skipped
    try await store.assert { $0.isTimerRunning = true }  // the state now, without an action
    try await store.finish(timeout: .zero)  // the timer is cancelled here
  }

  @Test func timerShowingSkippedAssertions() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    store.exhaustivity = .off(showSkippedAssertions: true)

    let failures = try await TestStoreFailure.collect {
      try await store.send(.toggleTimerButtonTapped)  // warning: isTimerRunning changed
      await clock.advance(by: .seconds(1))
      try await store.receive(.timerTicked) { $0.count = 1 }
      try await store.finish(timeout: .zero)  // warning: the timer was cancelled
    }
    #expect(failures.map(\.severity) == [.warning, .warning])
  }

  @Test func timerPartlyNonExhaustive() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }

    try await store.withExhaustivity(.off) {
      try await store.send(.toggleTimerButtonTapped)
      await clock.advance(by: .seconds(2))  // two ticks, not received
      try await store.assert { $0.count = 2 }  // takes them in
    }
    try await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
    try await store.finish()
  }

  @Test func cancelTheTimer() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }

    let timer = try await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    try await store.receive(.timerTicked) { $0.count = 1 }
    await timer.cancel()  // cancels, and waits until the effect has returned
    try await store.finish()
  }

  @Test func collectingFailures() async throws {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    let failures = try await TestStoreFailure.collect {
      try await store.send(.incrementButtonTapped) { $0.count = 2 }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("-   count: 2") == true)
    #expect(failures.first?.message.contains("TestingGuideExampleTests.Counter.State(") == true)
  }

  @Test func greetWithRun() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Greeting.State()) { Greeting(clock: clock) }

    try await store.send(.greetButtonTapped)
    await clock.run()
    #expect(clock.now.offset == .seconds(2))
    try await store.receive(/Greeting.Action.greeted) { $0.message = "Hello" }
    try await store.finish()
  }

  @Test func greetImmediately() async throws {
    let store = TestStore(initialState: Greeting.State()) { Greeting(clock: ImmediateClock()) }
    try await store.send(.greetButtonTapped)
    try await store.receive(.greeted("Hello")) { $0.message = "Hello" }
    try await store.finish()
  }
}

// Nested, so that they stand for the module's own `Counter` in the tests above.
extension TestingGuideExampleTests {
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var isTimerRunning = false
    }
    enum Action: Equatable {
      case decrementButtonTapped
      case incrementButtonTapped
      case timerTicked
      case toggleTimerButtonTapped
    }
    enum CancelID { case timer }
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration> = ContinuousClock()) {
      self.clock = clock
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped, .timerTicked:
        state.count += 1
        return .none
      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      }
    }
  }

  struct Greeting: Reducer {
    struct State: Equatable { var message = "" }
    enum Action: Equatable {
      case greetButtonTapped
      case greeted(String)
    }
    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .greetButtonTapped:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(2))
          await send(.greeted("Hello"))
        }
      case .greeted(let message):
        state.message = message
        return .none
      }
    }
  }
}
