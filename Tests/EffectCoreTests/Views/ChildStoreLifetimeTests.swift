import EffectCore
import Testing

/// The one lifetime every child store shares (optional, presented, enum-case, stack element, list
/// row), where the engines' copies of it differed: a write after the child is replaced, and a
/// send through a store scoped from a store whose child is gone.
@MainActor
@Suite struct ChildStoreLifetimeTests {
  /// A form whose fields are bound through its store.
  struct Form: Reducer {
    struct State: Equatable {
      var name = ""
      var nickname = ""
    }
    enum Action: BindingActions, Equatable {
      case binding(BindingAction<State>)
    }

    var body: some Reducer<State, Action> {
      ReduceBindings()
    }
  }

  /// A parent that shows a form, then closes it.
  struct Holder: Reducer {
    struct State: Equatable {
      var form: Form.State?
      var inner: Inner.State?
    }
    enum Action: Equatable {
      case form(Form.Action)
      case inner(Inner.Action)
      case close
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .close = action {
          state.form = nil
          state.inner = nil
        }
        return .none
      }
      .ifLet(\.form, action: /Action.form) { Form() }
      .ifLet(\.inner, action: /Action.inner) { Inner() }
    }
  }

  /// A child that holds an optional form of its own.
  struct Inner: Reducer {
    struct State: Equatable {
      var form: Form.State? = Form.State()
    }
    enum Action: Equatable {
      case form(Form.Action)
    }

    var body: some Reducer<State, Action> {
      EmptyReducer().ifLet(\.form, action: /Action.form) { Form() }
    }
  }

  @Test func aRowStoreWhoseIDCameBackDoesNotWriteTheNewRow() {
    let store = Store(initialState: Todos.State(rowCount: 2)) { Todos() }
    let old = store.scope(state: \.rows, action: /Todos.Action.rows)[id: 1]!
    store.send(.remove(1))
    store.send(.add(1))
    #expect(!old.restoreState { $0.title = "Ghost" })
    #expect(store.rows[id: 1]?.title == "Row 1")
    #expect(old.title == "Row 1")
  }

  @Test func anOptionalChildStoreWhoseChildWasReplacedDoesNotWriteItsSuccessor() {
    let store = Store(initialState: Todos.State()) { Todos() }
    store.send(.setChild(TodoRow.State(id: 1, title: "First")))
    let old = store.scope(state: \.child, action: /Todos.Action.child)!
    store.send(.setChild(TodoRow.State(id: 2, title: "Second")))
    #expect(!old.restoreState { $0.title = "Ghost" })
    #expect(store.child?.title == "Second")
    #expect(old.title == "First")
    let new = store.scope(state: \.child, action: /Todos.Action.child)!
    #expect(new !== old)
    #expect(new.restoreState { $0.title = "Restored" })
    #expect(store.child?.title == "Restored")
  }

  @Test func aPresentedChildStoreWhoseChildWasReplacedDoesNotWriteItsSuccessor() {
    let store = Store(initialState: Todos.State()) { Todos() }
    store.send(.setDetail(TodoRow.State(id: 1, title: "First")))
    let old = store.scope(state: \.$detail, action: /Todos.Action.detail)!
    store.send(.setDetail(TodoRow.State(id: 2, title: "Second")))
    #expect(!old.restoreState { $0.title = "Ghost" })
    #expect(store.detail?.title == "Second")
  }

  /// A binding sent through a plain scope of a store whose child is gone is ignored and reported
  /// once, by the store whose child it was: not also as a binding no `ReduceBindings` applied.
  @Test func aBindingThroughAPlainScopeOfAGoneChildIsReportedOnce() {
    let store = Store(initialState: Holder.State(form: Form.State())) { Holder() }
    let form = store.scope(state: \.form, action: /Holder.Action.form)!
    let plain = form.scope(state: \.self, action: /Form.Action.self)
    plain.name = "Blob"
    #expect(store.form?.name == "Blob")
    store.send(.close)
    let messages = warnings { plain.name = "Ghost" }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("went away") == true)
    #expect(plain.name == "Blob")
  }

  /// The same through an optional child of a child that is gone: one warning.
  @Test func aBindingThroughAChildOfAGoneChildIsReportedOnce() {
    let store = Store(initialState: Holder.State(inner: Inner.State())) { Holder() }
    let inner = store.scope(state: \.inner, action: /Holder.Action.inner)!
    let form = inner.scope(state: \.form, action: /Inner.Action.form)!
    form.nickname = "B"
    #expect(store.inner?.form?.nickname == "B")
    store.send(.close)
    let messages = warnings { form.nickname = "Ghost" }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("went away") == true)
  }

  /// The `states` of a child store whose child was replaced yield nothing of its successor: the
  /// stream ends with the root store, having given only the old child's states.
  @Test func aChildStoresStatesStopWhenItsChildIsReplaced() async {
    var store: Store<Todos.State, Todos.Action>? = Store(initialState: Todos.State()) { Todos() }
    store?.send(.setChild(TodoRow.State(id: 1, title: "First")))
    var old = store?.scope(state: \.child, action: /Todos.Action.child)
    let states = old?.states
    old?.send(.rename("Renamed"))
    store?.send(.setChild(TodoRow.State(id: 2, title: "Second")))
    store?.send(.child(.rename("Second, renamed")))
    old = nil
    store = nil
    var titles: [String] = []
    for await state in states ?? AsyncStream(unfolding: { nil }) { titles.append(state.title) }
    #expect(titles == ["First", "Renamed"])
  }

  /// The same for a row store whose row went away and whose id came back.
  @Test func aRowStoresStatesStopWhenItsRowGoesAway() async {
    var store: Store<Todos.State, Todos.Action>? = Store(initialState: Todos.State(rowCount: 2)) {
      Todos()
    }
    var old = store?.scope(state: \.rows, action: /Todos.Action.rows)[id: 1]
    let states = old?.states
    old?.send(.rename("Renamed"))
    store?.send(.remove(1))
    store?.send(.add(1))
    store?.send(.rows(id: 1, action: .rename("New row")))
    old = nil
    store = nil
    var titles: [String] = []
    for await state in states ?? AsyncStream(unfolding: { nil }) { titles.append(state.title) }
    #expect(titles == ["Row 1", "Renamed"])
  }
}
