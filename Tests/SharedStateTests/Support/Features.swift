import SharedState

/// The shared value of every test: a counter that starts at 4, as in the seed.
struct CounterKey: SharedStateKey {
  static let defaultValue = 4
}

/// A second key, to check that keys never mix.
struct UnitKey: SharedStateKey {
  static let defaultValue = "km"
}

/// A child that follows `CounterKey`, reads it through `parentState` and writes to it.
struct Child: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    @ChildState<CounterKey> var counter
    var read: Int?
    var value = 100
  }
  enum Action: Equatable {
    case counter(SharedStateAction<CounterKey>)
    case task
    case readParent
    case readParentInEffect
    case readResult(Int)
    case updateParent
    case updateParentFromEffect
  }
  @Dependency(\.parentState) var parentState

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .counter, .task:
        return .none
      case .readParent:
        state.read = parentState[CounterKey.self]
        return .none
      case .readParentInEffect:
        return .run { send in await send(.readResult(parentState[CounterKey.self])) }
      case .readResult(let value):
        state.read = value
        return .none
      case .updateParent:
        parentState[CounterKey.self] = state.value
        return .none
      case .updateParentFromEffect:
        return .run { [value = state.value] _ in parentState[CounterKey.self] = value }
      }
    }
    .sharedState(\.$counter, action: /Action.counter)
  }
}

/// A parent that shares `CounterKey` with a scoped child, a presented child and rows. With
/// `acceptsWrites` it also applies its children's writes (the seed's advanced usage).
struct Parent: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    @ParentState<CounterKey> var counter
    var child = Child.State()
    var detail: Child.State?
    var rows: IdentifiedArrayOf<Child.State> = []
  }
  enum Action: Equatable {
    case child(Child.Action)
    case detail(Child.Action)
    case rows(id: Int, action: Child.Action)
    case counter(SharedStateAction<CounterKey>)
    case task
    case increment
    case set(Int)
    case present
    case incrementAndPresent
    case dismiss
    case addRow(Int)
    case removeRow(Int)
  }
  var acceptsWrites = false

  var body: some Reducer<State, Action> {
    WithParentState(\.$counter) {
      Scope(state: \.child, action: /Action.child) { Child() }
      if acceptsWrites {
        core.sharedState(\.$counter, action: /Action.counter)
      } else {
        core
      }
    }
  }

  private var core: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .child, .detail, .rows, .counter, .task:
        break
      case .increment:
        state.counter += 1
      case .set(let value):
        state.counter = value
      case .present:
        state.detail = Child.State()
      case .incrementAndPresent:
        state.counter += 1
        state.detail = Child.State()
      case .dismiss:
        state.detail = nil
      case .addRow(let id):
        state.rows.append(Child.State(id: id))
      case .removeRow(let id):
        state.rows.remove(id: id)
      }
      return .none
    }
    .ifLet(\.detail, action: /Action.detail) { Child() }
    .forEach(\.rows, action: /Action.rows) { Child() }
  }
}

/// A parent that holds a counter but shares it with no one: its child is "outside".
struct UnsharedParent: Reducer {
  struct State: Equatable {
    @ParentState<CounterKey> var counter
    var child = Child.State()
  }
  enum Action: Equatable {
    case child(Child.Action)
    case increment
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { Child() }
    Reduce { state, action in
      if case .increment = action { state.counter += 1 }
      return .none
    }
  }
}

/// Many parents side by side, as rows of a list.
struct Parents: Reducer {
  struct State: Equatable {
    var parents: IdentifiedArrayOf<Parent.State> = []
  }
  enum Action: Equatable {
    case parents(id: Int, action: Parent.Action)
    case remove(Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .remove(let id) = action { state.parents.remove(id: id) }
      return .none
    }
    .forEach(\.parents, action: /Action.parents) { Parent(acceptsWrites: true) }
  }
}

/// A parent that decides which child sees which value: two counters of the same key, one per
/// child, and a third child inside both, which sees the innermost.
struct Chooser: Reducer {
  struct State: Equatable {
    @ParentState<CounterKey> var left = 10
    @ParentState<CounterKey> var right = 20
    var a = Child.State()
    var b = Child.State()
    var c = Child.State()
  }
  enum Action: Equatable {
    case a(Child.Action)
    case b(Child.Action)
    case c(Child.Action)
    case setLeft(Int)
    case setRight(Int)
  }

  var body: some Reducer<State, Action> {
    // Changes made before a `WithParentState` reach its children in the same action.
    Reduce { state, action in
      switch action {
      case .setLeft(let value): state.left = value
      case .setRight(let value): state.right = value
      case .a, .b, .c: break
      }
      return .none
    }
    WithParentState(\.$left) {
      Scope(state: \.a, action: /Action.a) { Child() }
      WithParentState(\.$right) {
        Scope(state: \.c, action: /Action.c) { Child() }
      }
    }
    WithParentState(\.$right) {
      Scope(state: \.b, action: /Action.b) { Child() }
    }
  }
}

extension Child.State {
  /// A child state holding `counter`, for expectations.
  static func with(id: Int = 0, counter: Int) -> Self {
    Self(id: id, counter: ChildState(wrappedValue: counter))
  }
}

/// A parent with a child inside its `WithParentState` and one outside, where an effect of the
/// inside child leads to an action of the outside one.
struct InsideOutside: Reducer {
  struct State: Equatable {
    @ParentState<CounterKey> var counter
    var inside = Child.State()
    var outside = Child.State()
  }
  enum Action: Equatable {
    case inside(Child.Action)
    case outside(Child.Action)
    case increment
    case incrementAfter
  }

  var body: some Reducer<State, Action> {
    WithParentState(\.$counter) {
      Scope(state: \.inside, action: /Action.inside) { Child() }
      Reduce { state, action in
        if case .increment = action { state.counter += 1 }
        return .none
      }
    }
    Scope(state: \.outside, action: /Action.outside) { Child() }
    Reduce { state, action in
      switch action {
      case .inside(.readResult):
        return .send(.outside(.task))
      case .incrementAfter:
        // After `WithParentState`: the children hear it on the next action it reduces.
        state.counter += 1
        return .none
      default:
        return .none
      }
    }
  }
}
