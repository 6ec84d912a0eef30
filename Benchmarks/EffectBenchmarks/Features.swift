import EffectCore

/// The feature every benchmark sends to: a counter with an effect and a cancellable sleep.
struct Bench: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable, Sendable {
    case increment
    case runEffect
    case startSleep
    case stopSleep
  }
  enum SleepID: Hashable, Sendable { case sleep }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count &+= 1
      return .none
    case .runEffect:
      return .run { send in await send(.increment) }
    case .startSleep:
      return .run { _ in try await Task.sleep(for: .seconds(3600)) }
        .cancellable(id: SleepID.sleep)
    case .stopSleep:
      return .cancel(id: SleepID.sleep)
    }
  }
}

/// Ten levels of `Scope` around `Bench`, built from one generic level.
struct Level<Inner: Reducer>: Reducer {
  struct State {
    var inner: Inner.State
  }
  enum Action {
    case inner(Inner.Action)
  }
  let child: Inner

  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { child }
  }
}

/// A list of `Bench` rows.
struct List: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Bench.State>
  }
  enum Action: Sendable {
    case rows(id: Int, action: Bench.Action)
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.rows, action: /Action.rows) { Bench() }
  }
}
