import EffectCore
import Testing

/// Navigation stacks (`StackState`, `StackAction`, `forEach(\.path, ...)`): deterministic ids,
/// push and pop around the parent, popped elements' effects cancelled, and an element that pops
/// itself, as TCA's stack tests check.
@MainActor
@Suite struct StackTests {
  struct Screen: Reducer {
    struct State: Equatable {
      var title = ""
      var ticks = 0
    }
    enum Action: Equatable {
      case startTimer, tick, closeTapped
      case rename(String)
    }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTimer:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.ticks += 1
        return .none
      case .closeTapped:
        return .run { _ in await DismissEffect()() }
      case .rename(let title):
        state.title = title
        return .none
      }
    }
  }

  /// The destinations a stack can hold: an enum reducer, one `Scope` per case.
  struct Path: Reducer {
    enum State: Equatable {
      case screen(Screen.State)
      case other(Screen.State)
    }
    enum Action: Equatable {
      case screen(Screen.Action)
      case other(Screen.Action)
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Scope(state: /State.screen, action: /Action.screen) { Screen(clock: clock) }
      Scope(state: /State.other, action: /Action.other) { Screen(clock: clock) }
    }
  }

  struct Navigator: Reducer {
    struct State: Equatable {
      var path = StackState<Path.State>()
      var log: [String] = []
    }
    enum Action: Equatable {
      case path(StackAction<Path.State, Path.Action>)
      case show(String)
      case popLast
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .show(let title):
          state.path.append(.screen(Screen.State(title: title)))
        case .popLast:
          state.path.removeLast()
        case .path(.popFrom(let id)):
          // Runs before the pop: the elements are still there.
          state.log.append("popping \(id) of \(state.path.count)")
        case .path(.push(let id, _)):
          // Runs after the push.
          state.log.append("pushed \(id) as \(state.path.count)")
        case .path(.element(let id, .screen(.rename))):
          state.log.append("renamed \(id)")
        case .path:
          break
        }
        return .none
      }
      .forEach(\.path, action: /Action.path) { Path(clock: clock) }
    }
  }

  @Test func idsCountFromZeroAndAreNeverReused() {
    var path = StackState<Int>()
    path.append(42)
    path.append(1729)
    #expect(path.ids == [0, 1])
    #expect(path[id: 0] == 42)
    #expect(path[id: 1] == 1729)
    path.removeAll()
    path.append(-1)
    #expect(path.ids == [2])
    #expect(path[id: 2] == -1)
    #expect(path[id: 0] == nil)
    #expect(path.nextID == 3)

    var built = StackState([10, 20, 30])
    #expect(built.ids == [0, 1, 2])
    built.pop(to: 0)
    #expect(Array(built) == [10])
    built.append(contentsOf: [40, 50])
    built.pop(from: 3)
    #expect(built.ids == [0])
    built[id: 0]? += 1
    built[id: 7] = 70
    #expect(built.ids == [0, 7])
    #expect(Array(built) == [11, 70])
    #expect(built.nextID == 8)
    built[id: 0] = nil
    #expect(built.ids == [7])
  }

  @Test func stacksAreEqualByIDsAndElementsAndDumpTheirIDs() throws {
    var a = StackState(["x"])
    let b = StackState(["x"])
    #expect(a == b)
    a.removeAll()
    a.append("x")
    #expect(a != b)  // the same element under id 1, not 0
    #expect("\(StackElementID(integerLiteral: 3))" == "#3")
  }

  @Test func pushRunsTheParentAfterAndPopRunsItBefore() async throws {
    let store = TestStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
    try await store.send(.path(.push(id: 0, state: .screen(.init(title: "A"))))) {
      $0.path[id: 0] = .screen(.init(title: "A"))
      $0.log = ["pushed #0 as 1"]
    }
    try await store.send(.show("B")) { $0.path.append(.screen(.init(title: "B"))) }
    try await store.send(.path(.element(id: 1, action: .screen(.rename("B2"))))) {
      $0.path[id: 1, case: /Path.State.screen]?.title = "B2"
      $0.log.append("renamed #1")
    }
    try await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.log.append("popping #0 of 2")
    }
    try await store.finish()
  }

  @Test func poppingCancelsThePoppedElementsEffects() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State()) { Navigator(clock: clock) }
    try await store.send(.show("A")) { $0.path.append(.screen(.init(title: "A"))) }
    try await store.send(.show("B")) { $0.path.append(.screen(.init(title: "B"))) }
    try await store.send(.show("C")) { $0.path.append(.screen(.init(title: "C"))) }
    try await store.send(.path(.element(id: 0, action: .screen(.startTimer))))
    try await store.send(.path(.element(id: 1, action: .screen(.startTimer))))
    try await store.send(.path(.element(id: 2, action: .screen(.startTimer))))
    try await store.send(.popLast) { _ = $0.path.popLast() }
    try await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      $0.log = ["popping #1 of 2"]
    }
    await clock.advance(by: .seconds(1))
    // Only the element left in the stack still ticks.
    try await store.receive(/Navigator.Action.path .. .element(id: 0) .. /Path.Action.screen) {
      $0.path[id: 0, case: /Path.State.screen]?.ticks = 1
    }
    try await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.log.append("popping #0 of 1")
    }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func anElementDismissesItselfByPoppingFromItsID() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State()) { Navigator(clock: clock) }
    try await store.send(.show("A")) { $0.path.append(.screen(.init(title: "A"))) }
    try await store.send(.show("B")) { $0.path.append(.screen(.init(title: "B"))) }
    try await store.send(.show("C")) { $0.path.append(.screen(.init(title: "C"))) }
    try await store.send(.path(.element(id: 2, action: .screen(.startTimer))))
    let log = WarningLog()
    try await log.capture {
      _ = try await store.send(.path(.element(id: 1, action: .other(.closeTapped))))
    }
    // `.other` is not B's case: the action was ignored, with a warning, and nothing closed.
    #expect(log.all.count == 1)
    try await store.send(.path(.element(id: 1, action: .screen(.closeTapped))))
    try await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      $0.log = ["popping #1 of 3"]
    }
    // C went with B: its timer was cancelled.
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func actionsForMissingElementsAreIgnoredWithAWarning() async throws {
    let log = WarningLog()
    try await log.capture {
      let store = TestStore(initialState: Navigator.State()) { Navigator(clock: TestClock()) }
      try await store.send(.path(.element(id: 5, action: .screen(.tick))))
      try await store.send(.path(.popFrom(id: 5))) { $0.log = ["popping #5 of 0"] }
      try await store.send(.path(.push(id: 0, state: .screen(.init())))) {
        $0.path[id: 0] = .screen(.init())
        $0.log.append("pushed #0 as 1")
      }
      try await store.send(.path(.push(id: 0, state: .other(.init())))) {
        $0.log.append("pushed #0 as 1")
      }
      try await store.finish()
    }
    #expect(log.all.count == 3)
    #expect(log.all.allSatisfy { $0.contains("forEach") })
  }

  @Test func aStackElementDismissesItsOwnPresentedChildFirst() async throws {
    // An element that presents a child: the child's dismiss closes the child, not the element.
    struct Holder: Reducer {
      struct State: Equatable { @PresentationState var child: Screen.State? }
      enum Action: Equatable {
        case child(PresentationAction<Screen.Action>)
        case open
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .open = action { state.child = Screen.State(title: "child") }
          return .none
        }
        .ifLet(\.$child, action: /Action.child) { Screen(clock: TestClock()) }
      }
    }
    struct Root: Reducer {
      struct State: Equatable { var path = StackState<Holder.State>() }
      enum Action: Equatable { case path(StackAction<Holder.State, Holder.Action>) }
      var body: some Reducer<State, Action> {
        EmptyReducer().forEach(\.path, action: /Action.path) { Holder() }
      }
    }
    let store = TestStore(initialState: Root.State(path: StackState([Holder.State()]))) {
      Root()
    }
    try await store.send(.path(.element(id: 0, action: .open))) {
      $0.path[id: 0]?.child = Screen.State(title: "child")
    }
    try await store.send(.path(.element(id: 0, action: .child(.presented(.closeTapped)))))
    try await store.receive(.path(.element(id: 0, action: .child(.dismiss)))) {
      $0.path[id: 0]?.child = nil
    }
    try await store.finish()
  }
}
