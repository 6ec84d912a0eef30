import EffectCore
import Testing

/// TCA's view-layer warnings, each reported once per site: a scope through a case path made of
/// closures, a binding no `ReduceBindings` applies, a stack written with no `forEach`, and a
/// presented destination with no `ifLet`.
@MainActor
@Suite struct ViewWarningTests {
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

  /// TCA's ScopeCacheTests: `\.self` through the identity path gives one store, silently, and
  /// the stores scoped from it are cached too.
  @Test func theIdentityScopeIsCachedAndSilent() {
    let store = Store(initialState: Todos.State(rowCount: 1)) { Todos() }
    store.send(.setDetail(TodoRow.State(id: 9, title: "9")))
    var scoped: [Store<Todos.State, Todos.Action>] = []
    let messages = warnings {
      scoped.append(store.scope(state: \.self, action: /Todos.Action.self))
      scoped.append(store.scope(state: \.self, action: /Todos.Action.self))
      scoped.append(store.scope(state: \.self, action: .self))
      let detail = scoped[0].scope(state: \.$detail, action: /Todos.Action.detail)
      #expect(detail === scoped[1].scope(state: \.$detail, action: /Todos.Action.detail))
      detail?.send(.rename("A"))
      let rows = Array(scoped[0].scope(state: \.rows, action: /Todos.Action.rows))
      rows[0].send(.rename("B"))
    }
    #expect(messages.isEmpty, "\(messages)")
    #expect(scoped[0] === scoped[1])
    #expect(scoped[0] === scoped[2])
    #expect(store.detail?.title == "A")
    #expect(store.rows.first?.title == "B")
  }

  @Test func aCompositionOfNamedPathsIsCachedAndSilent() {
    let store = Store(initialState: Todos.State()) { Todos() }
    let messages = warnings {
      let first = store.scope(
        state: \.filter, action: /Todos.Action.self .. /Todos.Action.setFilter)
      let again = store.scope(
        state: \.filter, action: /Todos.Action.self .. /Todos.Action.setFilter)
      #expect(first === again)
      first.send("milk")
    }
    #expect(messages.isEmpty, "\(messages)")
    #expect(store.filter == "milk")
  }

  @Test func aCompositionWithAClosurePathIsNotTakenForAnother() {
    let store = Store(initialState: Todos.State()) { Todos() }
    let quiet = CasePath<Todos.Action, Todos.Action>(embed: { $0 }, extract: { $0 })
    var scoped: [Store<String, String>] = []
    let messages = warnings {
      scoped.append(store.scope(state: \.filter, action: quiet .. /Todos.Action.setFilter))
      scoped.append(
        store.scope(state: \.filter, action: Self.loudIdentity .. /Todos.Action.setFilter))
    }
    #expect(messages.count == 2)
    #expect(scoped[0] !== scoped[1])
    scoped[1].send("milk")
    #expect(store.filter == "MILK")
  }

  private static let loudIdentity = CasePath<Todos.Action, Todos.Action>(
    embed: { action in
      guard case .setFilter(let text) = action else { return action }
      return .setFilter(text.uppercased())
    },
    extract: { $0 })

  /// TCA's RuntimeWarningTests.testStorePath_NotIntegrated: a stack binding written with the
  /// elements the store already has.
  @Test func aStackBindingWrittenWithoutAChangeIsReportedOncePerSite() {
    let store = Store(initialState: Bare.State()) { Bare() }
    let line = #line + 3
    let messages = warnings {
      for _ in 0..<2 {
        store.scope(state: \.path, action: /Bare.Action.path).setIDs([])
      }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("ViewWarningTests.swift:\(line)") == true)
    #expect(messages.first?.contains("forEach") == true)
    let integrated = Store(initialState: Todos.State()) { Todos() }
    let none = warnings {
      let path = integrated.scope(state: \.path, action: /Todos.Action.path)
      path.push(TodoRow.State(id: 1, title: "1"))
      let pushed = integrated.scope(state: \.path, action: /Todos.Action.path)
      pushed.setIDs(Array(pushed.ids.dropLast()))
    }
    #expect(none.isEmpty, "\(none)")
    #expect(integrated.path.isEmpty)
  }

  /// TCA's ScopeCacheTests.testOptionalScope_UncachedStore: a presented child of a store scoped
  /// through closures, sent an action that no `ifLet` handles, gets the one warning about the
  /// scope, not a second about the `ifLet`.
  @Test func aChildOfAnUncachedScopeGetsOneWarning() {
    let store = Store(initialState: Bare.State()) { Bare() }
    store.send(.show(TodoRow.State(id: 1, title: "1")))
    let identity = CasePath<Bare.Action, Bare.Action>(embed: { $0 }, extract: { $0 })
    let messages = warnings {
      let uncached = store.scope(state: \.self, action: identity)
      uncached.scope(state: \.$detail, action: /Bare.Action.detail)?.send(.rename("A"))
      uncached.scope(state: \.path, action: /Bare.Action.path).push(
        TodoRow.State(id: 2, title: "2"))
    }
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains("case path made of closures") == true)
  }
}
