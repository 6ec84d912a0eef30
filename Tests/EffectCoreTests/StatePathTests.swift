import EffectCore
import Testing

/// Scoping reducers reach a child's state by its byte offset when the key path names stored
/// properties, and through the key path otherwise: every kind of path must change exactly the
/// child, and run whatever accessors and observers the path has.
@MainActor
@Suite struct StatePathTests {
  final class Box: @unchecked Sendable {
    var counter = Counter.State()
  }

  struct Parent: Equatable {
    var before = "before"
    var nested = Nested()
    var after = 7
    var stored = Counter.State()
    var observedSets = 0
    var observed = Counter.State() {
      didSet { observedSets += 1 }
    }
    var computedGets = 0
    var computedSets = 0
    var backing = Counter.State()
    var computed: Counter.State {
      get { backing }
      set {
        computedSets += 1
        backing = newValue
      }
    }
    var optional: Counter.State?
    var observedOptionalSets = 0
    var observedOptional: Counter.State? {
      didSet { observedOptionalSets += 1 }
    }
    var rows: IdentifiedArrayOf<Row> = []
    var computedRows: IdentifiedArrayOf<Row> {
      get { rows }
      set { rows = newValue }
    }

    struct Nested: Equatable {
      var flag = true
      var counter = Counter.State()
      var tail = "tail"
    }
  }

  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    var counter = Counter.State()
  }

  /// A counter in a row, after the row's id.
  struct RowCounter: Reducer {
    var body: some Reducer<Row, Counter.Action> {
      Scope(state: \.counter, action: /Counter.Action.self) { Counter() }
    }
  }

  enum Action {
    case nested(Counter.Action)
    case stored(Counter.Action)
    case observed(Counter.Action)
    case computed(Counter.Action)
    case optional(Counter.Action)
    case observedOptional(Counter.Action)
    case rows(id: Int, action: Counter.Action)
    case computedRows(id: Int, action: Counter.Action)
  }

  struct Feature: Reducer {
    var body: some Reducer<Parent, Action> {
      Scope(state: \.nested.counter, action: /Action.nested) { Counter() }
      Scope(state: \.stored, action: /Action.stored) { Counter() }
      Scope(state: \.observed, action: /Action.observed) { Counter() }
      Scope(state: \.computed, action: /Action.computed) { Counter() }
      EmptyReducer()
        .ifLet(\.optional, action: /Action.optional) { Counter() }
        .ifLet(\.observedOptional, action: /Action.observedOptional) { Counter() }
        .forEach(\.rows, action: /Action.rows) { RowCounter() }
        .forEach(\.computedRows, action: /Action.computedRows) { RowCounter() }
    }
  }

  @Test func nestedStoredPathChangesOnlyTheChild() {
    var state = Parent()
    _ = Feature().reduce(into: &state, action: .nested(.increment))
    var expected = Parent()
    expected.nested.counter.count = 1
    #expect(state == expected)
  }

  @Test func storedPathAfterOtherFieldsChangesOnlyTheChild() {
    var state = Parent()
    _ = Feature().reduce(into: &state, action: .stored(.increment))
    _ = Feature().reduce(into: &state, action: .stored(.increment))
    var expected = Parent()
    expected.stored.count = 2
    #expect(state == expected)
  }

  @Test func observedPropertyRunsItsObserver() {
    var state = Parent()
    _ = Feature().reduce(into: &state, action: .observed(.increment))
    #expect(state.observed.count == 1)
    #expect(state.observedSets == 1)
  }

  @Test func computedPropertyGoesThroughItsSetter() {
    var state = Parent()
    _ = Feature().reduce(into: &state, action: .computed(.increment))
    #expect(state.backing.count == 1)
    #expect(state.computedSets == 1)
  }

  @Test func pathThroughAClassReachesTheObject() {
    struct Holder { var box = Box() }
    enum HolderAction { case counter(Counter.Action) }
    let box = Box()
    var holder = Holder(box: box)
    let scope = Scope(state: \Holder.box.counter, action: /HolderAction.counter) { Counter() }
    _ = scope.reduce(into: &holder, action: .counter(.increment))
    #expect(box.counter.count == 1)
  }

  @Test func ifLetReachesPresentStateAndSkipsAbsentState() {
    var state = Parent()
    _ = Feature().reduce(into: &state, action: .optional(.increment))
    #expect(state.optional == nil)
    state.optional = Counter.State()
    _ = Feature().reduce(into: &state, action: .optional(.increment))
    #expect(state.optional?.count == 1)
  }

  @Test func ifLetWritesAnObservedPathOnlyWhenTheChildIsThere() {
    var state = Parent()
    _ = Feature().reduce(into: &state, action: .observedOptional(.increment))
    #expect(state.observedOptional == nil)
    #expect(state.observedOptionalSets == 0)
    state.observedOptional = Counter.State()
    _ = Feature().reduce(into: &state, action: .observedOptional(.increment))
    #expect(state.observedOptional?.count == 1)
    #expect(state.observedOptionalSets == 2)
  }

  @Test func forEachThroughStoredAndComputedCollections() {
    var state = Parent()
    state.rows = [Row(id: 1), Row(id: 2)]
    _ = Feature().reduce(into: &state, action: .rows(id: 2, action: .increment))
    _ = Feature().reduce(into: &state, action: .computedRows(id: 1, action: .increment))
    #expect(state.rows.map(\.counter.count) == [1, 1])
  }

  @Test func effectsThroughStoredPathsAreCancelledWhenTheirChildGoes() async throws {
    struct Host: Reducer {
      struct State: Equatable {
        var padding = [1, 2, 3]
        var optional: Counter.State? = Counter.State()
        var rows: IdentifiedArrayOf<Row> = [Row(id: 1)]
      }
      enum Action: Equatable {
        case optional(Counter.Action)
        case rows(id: Int, action: Counter.Action)
        case dismiss
        case removeRow
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .dismiss: state.optional = nil
          case .removeRow: state.rows.removeAll()
          default: break
          }
          return .none
        }
        .ifLet(\.optional, action: /Action.optional) { Counter() }
        .forEach(\.rows, action: /Action.rows) { RowCounter() }
      }
    }
    let store = TestStore(initialState: Host.State()) { Host() }
    try await store.send(.optional(.delayedIncrement))
    try await store.send(.rows(id: 1, action: .delayedIncrement))
    try await store.send(.dismiss) { $0.optional = nil }
    try await store.send(.removeRow) { $0.rows = [] }
    try await store.finish()
  }

  /// Children of one type under two stored properties, and one under a computed property, each
  /// with a row of the same id: their effects are tagged apart, so removing a row in one ends
  /// that row's effect only.
  @Test func siblingChildrenOfOneTypeKeepTheirEffectsApart() async throws {
    struct Rows: Reducer {
      struct State: Equatable {
        var rows: IdentifiedArrayOf<Row> = [Row(id: 1)]
      }
      enum Action: Equatable {
        case rows(id: Int, action: Counter.Action)
        case removeAll
      }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if action == .removeAll { state.rows.removeAll() }
          return .none
        }
        .forEach(\.rows, action: /Action.rows) { RowCounter() }
      }
    }
    struct Host: Reducer {
      struct State: Equatable {
        var left = Rows.State()
        var right = Rows.State()
        var backing = Rows.State()
        var computed: Rows.State {
          get { backing }
          set { backing = newValue }
        }
      }
      enum Action: Equatable {
        case left(Rows.Action)
        case right(Rows.Action)
        case computed(Rows.Action)
      }
      var body: some Reducer<State, Action> {
        Scope(state: \.left, action: /Action.left) { Rows() }
        Scope(state: \.right, action: /Action.right) { Rows() }
        Scope(state: \.computed, action: /Action.computed) { Rows() }
      }
    }
    let store = Store(initialState: Host.State()) { Host() }
    let left = store.send(.left(.rows(id: 1, action: .delayedIncrement)))
    let right = store.send(.right(.rows(id: 1, action: .delayedIncrement)))
    let computed = store.send(.computed(.rows(id: 1, action: .delayedIncrement)))
    store.send(.left(.removeAll))
    await left.finish()
    #expect(left.isCancelled)
    #expect(!right.isCancelled)
    #expect(!computed.isCancelled)
    store.send(.computed(.removeAll))
    await computed.finish()
    #expect(computed.isCancelled)
    #expect(!right.isCancelled)
    right.cancel()
    await right.finish()
  }
}
