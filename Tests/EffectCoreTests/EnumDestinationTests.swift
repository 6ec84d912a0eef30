import EffectCore
import Testing

/// A destination that is one of several children, an alert among them: an enum reducer
/// (`Scope(state: /State.case, ...)`) presented with `ifLet(\.$destination, ...)`.
@MainActor
@Suite struct EnumDestinationTests {
  struct Edit: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      var text = ""
      var ticks = 0
    }
    enum Action: Equatable {
      case startTimer, tick
      case typed(String)
      case doneTapped
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
      case .typed(let text):
        state.text = text
        return .none
      case .doneTapped:
        return .run { _ in await DismissEffect()() }
      }
    }
  }

  struct Destination: Reducer {
    enum State: Equatable {
      case edit(Edit.State)
      case other(Edit.State)
      case alert(AlertState<Alert>)
    }
    enum Action: Equatable {
      case edit(Edit.Action)
      case other(Edit.Action)
      case alert(Alert)
    }
    enum Alert: Equatable { case confirm, again }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Scope(state: /State.edit, action: /Action.edit) { Edit(clock: clock) }
      Scope(state: /State.other, action: /Action.other) { Edit(clock: clock) }
    }
  }

  struct Feature: Reducer {
    struct State: Equatable {
      @PresentationState var destination: Destination.State?
      var confirmed = 0
    }
    enum Action: Equatable {
      case destination(PresentationAction<Destination.Action>)
      case show(Destination.State)
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .show(let destination):
          state.destination = destination
        case .destination(.presented(.alert(.confirm))):
          state.confirmed += 1
        case .destination(.presented(.alert(.again))):
          state.destination = .alert(EnumDestinationTests.alert)
        case .destination:
          break
        }
        return .none
      }
      .ifLet(\.$destination, action: /Action.destination) { Destination(clock: clock) }
    }
  }

  /// A new alert each time: showing it again is a new presentation.
  nonisolated static var alert: AlertState<Destination.Alert> {
    AlertState {
      TextState("Sure?")
    } actions: {
      ButtonState(action: .confirm) { TextState("Yes") }
    }
  }

  @Test func theChildOfTheCaseRunsInPlace() async throws {
    let store = TestStore(initialState: Feature.State(destination: .edit(.init(id: 1)))) {
      Feature(clock: TestClock())
    }
    try await store.send(.destination(.presented(.edit(.typed("Hi"))))) {
      $0.$destination[case: /Destination.State.edit]?.text = "Hi"
    }
    try await store.finish()
  }

  @Test func changingTheCaseEndsTheEffectsOfTheCaseLeft() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(destination: .edit(.init(id: 1)))) {
      Feature(clock: clock)
    }
    try await store.send(.destination(.presented(.edit(.startTimer))))
    // The same payload in another case is another child.
    try await store.send(.show(.other(.init(id: 1)))) { $0.destination = .other(.init(id: 1)) }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func anotherIDInTheSameCaseEndsTheOldChildsEffects() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(destination: .edit(.init(id: 1)))) {
      Feature(clock: clock)
    }
    try await store.send(.destination(.presented(.edit(.startTimer))))
    try await store.send(.show(.edit(.init(id: 2)))) { $0.destination = .edit(.init(id: 2)) }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func theSameChildKeepsItsEffectsThroughAChange() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(destination: .edit(.init(id: 1)))) {
      Feature(clock: clock)
    }
    let timer = try await store.send(.destination(.presented(.edit(.startTimer))))
    try await store.send(.show(.edit(.init(id: 1, text: "kept")))) {
      $0.$destination[case: /Destination.State.edit]?.text = "kept"
    }
    await clock.advance(by: .seconds(1))
    try await store.receive(/Feature.Action.destination .. .presented .. /Destination.Action.edit) {
      $0.$destination[case: /Destination.State.edit]?.ticks = 1
    }
    await timer.cancel()
    try await store.finish()
  }

  @Test func aCaseChildDismissesTheDestination() async throws {
    let store = TestStore(initialState: Feature.State(destination: .other(.init(id: 1)))) {
      Feature(clock: TestClock())
    }
    try await store.send(.destination(.presented(.other(.doneTapped))))
    try await store.receive(.destination(.dismiss)) { $0.destination = nil }
    try await store.finish()
  }

  @Test func anAlertCaseClosesOnItsActionOnly() async throws {
    let store = TestStore(initialState: Feature.State(destination: .edit(.init(id: 1)))) {
      Feature(clock: TestClock())
    }
    // An action of another case's type does not close an alert case: here the state is in
    // `edit`, whose action it is, and nothing closes.
    try await store.send(.destination(.presented(.edit(.typed("x"))))) {
      $0.$destination[case: /Destination.State.edit]?.text = "x"
    }
    try await store.send(.show(.alert(Self.alert))) { $0.destination = .alert(Self.alert) }
    try await store.send(.destination(.presented(.alert(.confirm)))) {
      $0.destination = nil
      $0.confirmed = 1
    }
    try await store.finish()
  }

  @Test func anAlertCaseShownAgainInAnswerToItsButtonStays() async throws {
    let store = TestStore(initialState: Feature.State(destination: .alert(Self.alert))) {
      Feature(clock: TestClock())
    }
    try await store.send(.destination(.presented(.alert(.again))))
    #expect(store.state.destination == .alert(Self.alert))
    try await store.send(.destination(.presented(.alert(.confirm)))) {
      $0.destination = nil
      $0.confirmed = 1
    }
    try await store.finish()
  }

  @Test func writingAnotherCaseThroughTheSubscriptChangesNothing() async {
    let log = WarningLog()
    var state = Feature.State(destination: .alert(Self.alert))
    await log.capture {
      state.$destination[case: /Destination.State.edit] = Edit.State(id: 9)
    }
    #expect(state.destination == .alert(Self.alert))
    #expect(log.all.count == 1)
    #expect(state.$destination[case: /Destination.State.edit] == nil)
  }
}
