import Injection
import Testing

struct Delayed: Reducer {
  struct State: Equatable { var greetings: [String] = [] }
  enum Action: Equatable {
    case start
    case greeted(String)
    case nested
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.greeter) var greeter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.greeted(greeter.greet("later")))
        await send(.nested)
      }
    case .greeted(let text):
      state.greetings.append(text)
      return .none
    case .nested:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.greeted(greeter.greet("nested")))
      }
    }
  }
}

/// Reads the clock in `reduce`, as Docs/Injection.md's `Profile` does with `[clock]`.
struct CapturesTheClock: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case start, done }
  @Dependency(LiveOnlyClockKey.self) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.done)
      }
    case .done:
      return .none
    }
  }
}

/// A clock with a live value and no test value.
enum LiveOnlyClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
}

@MainActor
@Suite struct ReducerDependencyTests {
  @Test func overridesReachEffectsThatStartAfterAnAdvance() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Delayed.State()) {
      Delayed()
    } withDependencies: {
      $0.continuousClock = clock
      $0.greeter = Greeter { "Hi, \($0)" }
    }
    try await store.send(.start)
    await clock.advance(by: .seconds(1))
    try await store.receive(.greeted("Hi, later")) { $0.greetings = ["Hi, later"] }
    try await store.receive(.nested)
    await clock.advance(by: .seconds(1))
    try await store.receive(.greeted("Hi, nested")) { $0.greetings.append("Hi, nested") }
    try await store.finish()
  }

  @Test func reducerModifierAndTransform() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Delayed.State()) {
      Delayed()
        .transformDependency(\.greeter) { greeter in
          let inner = greeter
          greeter = Greeter { inner.greet($0).uppercased() }
        }
        .dependency(\.continuousClock, clock)
    }
    try await store.send(.start)
    await clock.advance(by: .seconds(1))
    try await store.receive(.greeted("TEST, LATER")) { $0.greetings = ["TEST, LATER"] }
    try await store.receive(.nested)
    await clock.advance(by: .seconds(1))
    try await store.receive(.greeted("TEST, NESTED")) { $0.greetings.append("TEST, NESTED") }
    try await store.finish()
  }

  @Test func storeCreatedInsideWithDependenciesKeepsTheOverrides() async throws {
    let clock = TestClock()
    let store = withDependencies {
      $0.continuousClock = clock
      $0.greeter = Greeter { "Kept, \($0)" }
    } operation: {
      Store(initialState: Delayed.State()) { Delayed() }
    }
    store.send(.start)
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(1))
    #expect(store.greetings == ["Kept, later", "Kept, nested"])
  }

  @Test func missingTestValueFailsTheTestStoreWithTheDocumentedMessage() async throws {
    let store = TestStore(initialState: Delayed.State()) {
      Delayed()
    } withDependencies: {
      $0.greeter = Greeter { $0 }
    }
    // The effect sleeps on the live clock it fell back to; the issue is reported at once, and
    // thrown by whichever assertion comes next.
    let failure = try #require(
      try await TestStoreFailure.collect {
        try await store.send(.start)
        try await store.finish(timeout: .milliseconds(10))
      }.first)
    // The built-in clock has a test value that fails when it is used, not when it is read.
    #expect(
      failure.message.contains(
        #"Unimplemented: @Dependency(\.continuousClock).sleep"#))
  }

  @Test(arguments: 1...20)
  func aMissingTestValueReadInReduceFailsTheFirstSend(run: Int) async throws {
    // Docs/Injection.md promises this: the failure does not depend on when the effect runs. Each
    // case of a parameterized test is a test of its own, with its own test values.
    let store = TestStore(initialState: CapturesTheClock.State()) { CapturesTheClock() }
    let failure = try #require(
      try await TestStoreFailure.collect {
        try await store.send(.start)
      }.first)
    #expect(failure.message.contains("'LiveOnlyClockKey' has no test value"))
    // The value is made once per test, as in swift-dependencies: it is reported once.
    try await store.send(.start)
    // The store fails no more: what it leaves running is cancelled as it goes away.
  }
}
