import EffectCore
import Testing

/// A child removed by another reducer of the same body (before or after the `ifLet`, `ifCaseLet`,
/// presentation `ifLet` or stack `forEach`) has its effects ended, as in TCA: by the action that
/// removed it when the remover runs first, by the next action otherwise.
@MainActor
@Suite struct ChildLifetimeTests {
  /// A child with a one-second timer.
  struct Timer: Reducer {
    struct State: Equatable, Identifiable {
      var id = 0
      var count = 0
    }
    enum Action: Equatable { case start, tick }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.count += 1
        return .none
      }
    }
  }

  /// A timer that is not `Identifiable`: its identity is its presence alone.
  struct PlainTimer: Reducer {
    struct State: Equatable { var count = 0 }
    typealias Action = Timer.Action
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      var timer = Timer.State(count: state.count)
      defer { state.count = timer.count }
      return Timer(clock: clock).reduce(into: &timer, action: action)
    }
  }

  enum Action: Equatable {
    case child(Timer.Action)
    case presented(PresentationAction<Timer.Action>)
    case path(StackAction<Timer.State, Timer.Action>)
    case show, close, other
  }

  /// Every kind of child at once, each removed on `.close` by a `Reduce` that runs before or
  /// after the navigation reducers.
  struct Parent: Reducer {
    struct State: Equatable {
      var plain: PlainTimer.State?
      @PresentationState var presented: Timer.State?
      var path = StackState<Timer.State>()
    }
    let clock: TestClock<Duration>
    let closesFirst: Bool

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if closesFirst, action == .close { close(&state) }
        return .none
      }
      Reduce { state, action in
        if action == .show {
          state.plain = PlainTimer.State()
          state.presented = Timer.State(id: 1)
          state.path.append(Timer.State(id: 2))
        }
        return .none
      }
      .ifLet(\.plain, action: /Action.child) { PlainTimer(clock: clock) }
      .ifLet(\.$presented, action: /Action.presented) { Timer(clock: clock) }
      .forEach(\.path, action: /Action.path) { Timer(clock: clock) }
      Reduce { state, action in
        if !closesFirst, action == .close { close(&state) }
        return .none
      }
    }

    func close(_ state: inout State) {
      state.plain = nil
      state.presented = nil
      state.path.removeAll()
    }
  }

  func showAll(_ store: TestStore<Parent.State, Action>) async throws {
    try await store.send(.show) {
      $0.plain = PlainTimer.State()
      $0.presented = Timer.State(id: 1)
      $0.path.append(Timer.State(id: 2))
    }
  }

  func closeAll(_ store: TestStore<Parent.State, Action>) async throws {
    try await store.send(.close) {
      $0.plain = nil
      $0.presented = nil
      $0.path.removeAll()
    }
  }

  @Test(arguments: [true, false])
  func childrenRemovedByAnotherReducerHaveTheirEffectsEnded(closesFirst: Bool) async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent(clock: clock, closesFirst: closesFirst)
    }
    try await showAll(store)
    let element = store.state.path.ids[0]
    try await store.send(.child(.start))
    try await store.send(.presented(.presented(.start)))
    try await store.send(.path(.element(id: element, action: .start)))
    await clock.advance(by: .seconds(1))
    try await store.receive(.child(.tick)) { $0.plain?.count = 1 }
    try await store.receive(.presented(.presented(.tick))) { $0.presented?.count = 1 }
    try await store.receive(.path(.element(id: element, action: .tick))) {
      $0.path[id: element]?.count = 1
    }
    try await closeAll(store)
    // The next action through the navigation reducers ends what the removal left running.
    try await store.send(.other)
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  @Test func aRemoverThatRunsFirstEndsTheEffectsWithTheSameAction() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent(clock: clock, closesFirst: true)
    }
    try await showAll(store)
    try await store.send(.child(.start))
    try await store.send(.presented(.presented(.start)))
    try await closeAll(store)
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  /// Enum state, with the case changed by a reducer after the `ifCaseLet`.
  struct Session: Reducer {
    enum State: Equatable {
      case loggedIn(Timer.State)
      case loggedOut
    }
    enum Action: Equatable {
      case loggedIn(Timer.Action)
      case logOut, other
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) { Timer(clock: clock) }
      Reduce { state, action in
        if action == .logOut { state = .loggedOut }
        return .none
      }
    }
  }

  @Test func aCaseChangedByAnotherReducerEndsTheChildsEffects() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Session.State.loggedIn(Timer.State())) {
      Session(clock: clock)
    }
    try await store.send(.loggedIn(.start))
    await clock.advance(by: .seconds(1))
    try await store.receive(.loggedIn(.tick)) { $0 = .loggedIn(Timer.State(count: 1)) }
    try await store.send(.logOut) { $0 = .loggedOut }
    try await store.send(.other)
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  /// Rows that each hold an optional child, closed by a `Reduce` after the row's `ifLet`: closing
  /// one row's child leaves the other rows' children running.
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var child: Timer.State? = Timer.State()
    }
    enum Action: Equatable {
      case child(Timer.Action)
      case close
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifLet(\.child, action: /Action.child) { Timer(clock: clock) }
      Reduce { state, action in
        if action == .close { state.child = nil }
        return .none
      }
    }
  }

  struct Rows: Reducer {
    struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> }
    enum Action: Equatable { case rows(id: Int, action: Row.Action) }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      EmptyReducer().forEach(\.rows, action: /Action.rows) { Row(clock: clock) }
    }
  }

  @Test func closingOneRowsChildLeavesTheOthersRunning() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Rows.State(rows: [Row.State(id: 1), Row.State(id: 2)])) {
      Rows(clock: clock)
    }
    try await store.send(.rows(id: 1, action: .child(.start)))
    try await store.send(.rows(id: 2, action: .child(.start)))
    try await store.send(.rows(id: 1, action: .close)) { $0.rows[id: 1]?.child = nil }
    try await store.send(.rows(id: 1, action: .close))
    await clock.advance(by: .seconds(1))
    try await store.receive(.rows(id: 2, action: .child(.tick))) {
      $0.rows[id: 2]?.child?.count = 1
    }
    try await store.send(.rows(id: 2, action: .close)) { $0.rows[id: 2]?.child = nil }
    try await store.send(.rows(id: 2, action: .close))
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }
}
