import EffectCore
import Testing

/// TCA's view-layer warnings, each reported once per site: a scope through a case path made of
/// closures, a binding no `ReduceBindings` applies, a stack written with no `forEach`, and a
/// presented destination with no `ifLet`.
@MainActor
@Suite struct ViewWarningTests {
  private func warnings(_ operation: () -> Void) -> [String] {
    let recorded = LockIsolated<[String]>([])
    let record: @Sendable (String) -> Void = { message in recorded.withLock { $0.append(message) } }
    RuntimeWarning.$handler.withValue(record, operation: operation)
    return recorded.withLock { $0 }
  }

  /// A parent that integrates nothing: its reducer ignores bindings, stacks and destinations.
  struct Bare: Reducer {
    struct State: Equatable {
      var name = ""
      var path = StackState<TodoRow.State>()
      @PresentationState var detail: TodoRow.State?
    }
    enum Action: BindingActions, Equatable, Sendable {
      case binding(BindingAction<State>)
      case path(StackAction<TodoRow.State, TodoRow.Action>)
      case detail(PresentationAction<TodoRow.Action>)
      case show(TodoRow.State)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .show(let detail) = action { state.detail = detail }
      return .none
    }
  }

  private static let loud = CasePath<Todos.Action, String>(
    embed: { .setFilter($0.uppercased()) },
    extract: { if case .setFilter(let text) = $0 { text } else { nil } })

  @Test func aScopeThroughAClosureCasePathIsReportedOncePerSite() {
    let store = Store(initialState: Todos.State()) { Todos() }
    let messages = warnings {
      for _ in 0..<3 { _ = store.scope(state: \.filter, action: Self.loud) }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("case path made of closures") == true)
    #expect(messages.first?.contains("ViewWarningTests.swift") == true)
    let elsewhere = warnings { _ = store.scope(state: \.filter, action: Self.loud) }
    #expect(elsewhere.count == 1)
    #expect(warnings { _ = store.scope(state: \.filter, action: /Todos.Action.setFilter) }.isEmpty)
  }

  @Test func anEnumScopeThroughAClosureStatePathIsReported() {
    let store = Store(initialState: Pane.State.first(TodoRow.State(id: 1, title: "1"))) { Pane() }
    let closure = CasePath<Pane.State, TodoRow.State>(
      embed: { .first($0) }, extract: { if case .first(let row) = $0 { row } else { nil } })
    let messages = warnings {
      for _ in 0..<2 { _ = store.scope(state: closure, action: /Pane.Action.first) }
    }
    #expect(messages.count == 1)
    #expect(
      warnings { _ = store.scope(state: /Pane.State.first, action: /Pane.Action.first) }.isEmpty)
  }

  @Test func aBindingThatNoReduceBindingsAppliesIsReportedOncePerProperty() {
    let store = Store(initialState: Bare.State()) { Bare() }
    let messages = warnings {
      store.name = "Blob"
      store.name = "Blobby"
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("ReduceBindings") == true)
    #expect(store.name == "")
    let handled = Store(initialState: Todos.State()) { Todos() }
    #expect(warnings { handled.query = "milk" }.isEmpty)
  }

  @Test func aStackWrittenWithNoForEachIsReportedOncePerStack() {
    let store = Store(initialState: Bare.State()) { Bare() }
    let messages = warnings {
      let path = store.scope(state: \.path, action: /Bare.Action.path)
      path.push(TodoRow.State(id: 1, title: "1"))
      path.push(TodoRow.State(id: 2, title: "2"))
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("forEach") == true)
    let integrated = Store(initialState: Todos.State()) { Todos() }
    let none = warnings {
      let path = integrated.scope(state: \.path, action: /Todos.Action.path)
      path.push(TodoRow.State(id: 1, title: "1"))
      integrated.scope(state: \.path, action: /Todos.Action.path).setIDs([])
    }
    #expect(none.isEmpty)
  }

  @Test func aDestinationPresentedWithNoIfLetIsReportedOncePerDestination() {
    let store = Store(initialState: Bare.State()) { Bare() }
    store.send(.show(TodoRow.State(id: 1, title: "1")))
    let messages = warnings {
      let detail = store.scope(state: \.$detail, action: /Bare.Action.detail)
      detail?.send(.rename("A"))
      detail?.send(.rename("B"))
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("ifLet") == true)
    #expect(store.detail?.title == "1")
    let integrated = Store(initialState: Todos.State()) { Todos() }
    integrated.send(.setDetail(TodoRow.State(id: 1, title: "1")))
    let none = warnings {
      _ = integrated.scope(state: \.$detail, action: /Todos.Action.detail)?.send(.rename("A"))
    }
    #expect(none.isEmpty)
  }
}
