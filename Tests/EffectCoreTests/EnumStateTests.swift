import EffectCore
import Testing

/// A child whose state is one case of an enum: `Scope(state: /State.case, ...)` and
/// `.ifCaseLet`, and `ifLet` ending a child's effects when its identity changes.
@MainActor
@Suite struct EnumStateTests {
  struct Counter: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      var count = 0
    }
    enum Action: Equatable { case start, tick, increment }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick, .increment:
        state.count += 1
        return .none
      }
    }
  }

  struct App: Reducer {
    enum State: Equatable {
      case loggedIn(Counter.State)
      case loggedOut
    }
    enum Action: Equatable {
      case loggedIn(Counter.Action)
      case logOut
      case logIn(Int)
    }
    let clock: TestClock<Duration>
    var usesIfCaseLet = true

    /// The app's own part: logging in and out changes the case.
    static func logInAndOut(_ state: inout State, _ action: Action) -> Effect<Action> {
      switch action {
      case .logOut: state = .loggedOut
      case .logIn(let id): state = .loggedIn(Counter.State(id: id))
      case .loggedIn: break
      }
      return .none
    }

    var body: some Reducer<State, Action> {
      if usesIfCaseLet {
        Reduce(Self.logInAndOut)
          .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) { Counter(clock: clock) }
      } else {
        Scope(state: /State.loggedIn, action: /Action.loggedIn) { Counter(clock: clock) }
        Reduce(Self.logInAndOut)
      }
    }
  }

  @Test func scopeRunsTheChildInItsCase() async throws {
    let store = TestStore(initialState: App.State.loggedIn(.init(id: 1))) {
      App(clock: TestClock(), usesIfCaseLet: false)
    }
    try await store.send(.loggedIn(.increment)) { $0 = .loggedIn(.init(id: 1, count: 1)) }
    try await store.finish()
  }

  @Test func scopeIgnoresAnActionForAnotherCaseWithAWarning() async throws {
    let log = WarningLog()
    try await log.capture {
      let store = TestStore(initialState: App.State.loggedOut) {
        App(clock: TestClock(), usesIfCaseLet: false)
      }
      try await store.send(.loggedIn(.increment))
      try await store.finish()
    }
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("Scope") == true)
  }

  @Test func ifCaseLetEndsTheChildsEffectsWhenTheCaseChanges() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: App.State.loggedIn(.init(id: 1))) { App(clock: clock) }
    try await store.send(.loggedIn(.start))
    await clock.advance(by: .seconds(1))
    try await store.receive(.loggedIn(.tick)) { $0 = .loggedIn(.init(id: 1, count: 1)) }
    try await store.send(.logOut) { $0 = .loggedOut }
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  /// A child that is itself an enum: its case is part of its identity, for `ifCaseLet` as for
  /// the stores (the one rule of `ChildIdentity`).
  struct Mode: Reducer {
    enum State: Equatable {
      case a(Counter.State)
      case b(Counter.State)
    }
    enum Action: Equatable {
      case a(Counter.Action)
      case b(Counter.Action)
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Scope(state: /State.a, action: /Action.a) { Counter(clock: clock) }
      Scope(state: /State.b, action: /Action.b) { Counter(clock: clock) }
    }
  }

  struct Shell: Reducer {
    enum State: Equatable {
      case running(Mode.State)
      case idle
    }
    enum Action: Equatable {
      case running(Mode.Action)
      case switchMode
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .switchMode = action, case .running(.a(let counter)) = state {
          state = .running(.b(counter))
        }
        return .none
      }
      .ifCaseLet(/State.running, action: /Action.running) { Mode(clock: clock) }
    }
  }

  @Test func ifCaseLetEndsTheEffectsOfAnEnumChildWhoseCaseChanges() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Shell.State.running(.a(.init(id: 1)))) {
      Shell(clock: clock)
    }
    try await store.send(.running(.a(.start)))
    await clock.advance(by: .seconds(1))
    try await store.receive(.running(.a(.tick))) { $0 = .running(.a(.init(id: 1, count: 1))) }
    try await store.send(.switchMode) { $0 = .running(.b(.init(id: 1, count: 1))) }
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  @Test func ifCaseLetEndsTheOldChildsEffectsWhenItsIdentityChanges() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: App.State.loggedIn(.init(id: 1))) { App(clock: clock) }
    try await store.send(.loggedIn(.start))
    try await store.send(.logIn(2)) { $0 = .loggedIn(.init(id: 2)) }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func ifCaseLetIgnoresAnActionForAnotherCaseWithAWarning() async throws {
    let log = WarningLog()
    try await log.capture {
      let store = TestStore(initialState: App.State.loggedOut) { App(clock: TestClock()) }
      try await store.send(.loggedIn(.increment))
      try await store.finish()
    }
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("ifCaseLet") == true)
  }

  struct Parent: Reducer {
    struct State: Equatable { var child: Counter.State? }
    enum Action: Equatable {
      case child(Counter.Action)
      case replace(Int)
    }
    let clock: TestClock<Duration>
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .replace(let id) = action { state.child = Counter.State(id: id) }
        return .none
      }
      .ifLet(\.child, action: /Action.child) { Counter(clock: clock) }
    }
  }

  @Test func ifLetEndsTheEffectsOfAChildReplacedByOneWithAnotherID() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(child: .init(id: 1))) { Parent(clock: clock) }
    try await store.send(.child(.start))
    try await store.send(.replace(2)) { $0.child = .init(id: 2) }
    // The first child's timer would tick into the second child: it was cancelled instead.
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func ifLetKeepsTheEffectsOfAChildThatKeepsItsID() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(child: .init(id: 1))) { Parent(clock: clock) }
    let timer = try await store.send(.child(.start))
    try await store.send(.replace(1))
    await clock.advance(by: .seconds(1))
    try await store.receive(.child(.tick)) { $0.child?.count = 1 }
    await timer.cancel()
    try await store.finish()
  }
}
