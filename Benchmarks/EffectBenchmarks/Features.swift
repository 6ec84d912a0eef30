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
    /// Starts a sleep cancellable by its own id: effects in flight for the scaling rows.
    case sleep(id: Int)
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
    case .sleep(let id):
      return .run { _ in try await Task.sleep(for: .seconds(3600)) }
        .cancellable(id: id)
    }
  }
}

// Ten levels of `Scope` around `Bench`, each a concrete (non-generic) feature as real features
// are: key path literals into non-generic types are made once per process, into generic ones
// on every evaluation, which would measure Swift's key path instantiation rather than ours.

struct Level1: Reducer {
  struct State { var inner = Bench.State() }
  enum Action { case inner(Bench.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Bench() }
  }
}

struct Level2: Reducer {
  struct State { var inner = Level1.State() }
  enum Action { case inner(Level1.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Level1() }
  }
}

struct Level3: Reducer {
  struct State { var inner = Level2.State() }
  enum Action { case inner(Level2.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Level2() }
  }
}

struct Level4: Reducer {
  struct State { var inner = Level3.State() }
  enum Action { case inner(Level3.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Level3() }
  }
}

struct Level5: Reducer {
  struct State { var inner = Level4.State() }
  enum Action { case inner(Level4.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Level4() }
  }
}

struct Level6: Reducer {
  struct State { var inner = Level5.State() }
  enum Action { case inner(Level5.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Level5() }
  }
}

struct Level7: Reducer {
  struct State { var inner = Level6.State() }
  enum Action { case inner(Level6.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Level6() }
  }
}

struct Level8: Reducer {
  struct State { var inner = Level7.State() }
  enum Action { case inner(Level7.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Level7() }
  }
}

struct Level9: Reducer {
  struct State { var inner = Level8.State() }
  enum Action { case inner(Level8.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Level8() }
  }
}

struct Level10: Reducer {
  struct State { var inner = Level9.State() }
  enum Action { case inner(Level9.Action) }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: /Action.inner) { Level9() }
  }
}

/// One generic feature nested ten times (`Wrap<Wrap<…<Bench>>>`), as navigation's wrappers and
/// users' generic features are: its key path and case path literals are into generic types.
struct Wrap<Inner: Reducer>: Reducer {
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

typealias Wrapped10 = Wrap<Wrap<Wrap<Wrap<Wrap<Wrap<Wrap<Wrap<Wrap<Wrap<Bench>>>>>>>>>>

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

/// A document of identified rows, undoable: the state of the undo rows.
struct Document: Reducer {
  struct State: Equatable, Codable, Sendable {
    var title = "Document"
    var rows: IdentifiedArrayOf<Row>

    /// `count` rows with names long enough to live on the heap, as real text does.
    init(rows count: Int) {
      rows = IdentifiedArray(
        uniqueElements: (0..<count).map { Row(id: $0, name: "Row \($0) of the document") })
    }
  }
  struct Row: Equatable, Codable, Identifiable, Sendable {
    var id: Int
    var name: String
    var isDone = false
    var minutes = 25
  }
  enum Action: Sendable {
    case rename(id: Int, String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let id, let name):
      state.rows[id: id]?.name = name
      return .none
    }
  }
}
