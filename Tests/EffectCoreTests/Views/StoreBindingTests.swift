import EffectCore
import Testing

/// Bindings through a store, as `@Bindable var store` and `$store.query` use them.
@MainActor
@Suite struct StoreBindingTests {
  struct Form: Reducer {
    struct State: Equatable {
      var name = ""
      var count = 0
      @Bound var nickname = ""
      var nameEdits = 0
    }
    enum Action: BindingActions, Equatable {
      case binding(BindingAction<State>)
    }
    var body: some Reducer<State, Action> {
      ReduceBindings()
      Reduce { state, action in
        if case .binding(let binding) = action, binding.targets(\.name) {
          state.nameEdits += 1
        }
        return .none
      }
    }
  }

  @Test func settingAMemberThroughTheStoreSendsABindingAction() async throws {
    let store = TestStore(initialState: Form.State()) { Form() }
    try await store.send(.binding(.set(\.name, "Blob"))) {
      $0.name = "Blob"
      $0.nameEdits = 1
    }
    try await store.send(.binding(.set(\.$nickname, "B"))) { $0.nickname = "B" }
  }

  @Test func assigningThroughAStoreSetsTheValue() {
    let store = Store(initialState: Form.State()) { Form() }
    store.name = "Blob"
    store.count = 3
    store.nickname = "Blobby"
    #expect(store.name == "Blob")
    #expect(store.count == 3)
    #expect(store.nickname == "Blobby")
    #expect(store.nameEdits == 1)
  }

  @Test func aBindingTellsOnlyTheViewsOfThatMember() {
    let store = Store(initialState: Form.State()) { Form() }
    let name = ViewWatch { _ = store.name }
    let count = ViewWatch { _ = store.count }
    store.count = 1
    #expect(count.wasTold)
    #expect(!name.wasTold)
  }

  @Test func plainKeyPathBindingActionsCompareByPathAndValue() {
    let action = BindingAction<Form.State>.set(\.name, "Blob")
    #expect(action == .set(\.name, "Blob"))
    #expect(action != .set(\.name, "Blub"))
    #expect(action.targets(\.name))
    #expect(!action.targets(\.count))
    #expect(action.keyPath == \Form.State.name)
  }

  @Test func aRowStoreBindsThroughItsParent() {
    let store = Store(initialState: Todos.State()) { Todos() }
    store.query = "milk"
    #expect(store.state.query == "milk")
  }
}
