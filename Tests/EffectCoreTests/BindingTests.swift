import EffectCore
import Testing

@MainActor
@Suite struct BindingTests {
  struct Profile: Reducer {
    struct State: Equatable {
      @Bound var name = ""
      @Bound var isVerified = false
      var accessCount = 0
      var nameEdits = 0
    }
    enum Action: BindingActions, Equatable {
      case incrementAccessCount
      case binding(BindingAction<State>)
    }
    var body: some Reducer<State, Action> {
      ReduceBindings()
      Reduce { state, action in
        switch action {
        case .incrementAccessCount:
          state.accessCount += 1
        case .binding(let binding) where binding.targets(\.$name):
          state.nameEdits += 1
        case .binding:
          break
        }
        return .none
      }
    }
  }

  @Test func bindingActionsSetBoundFields() async throws {
    let store = TestStore(initialState: Profile.State()) { Profile() }
    try await store.send(.binding(.set(\.$name, "Blob"))) {
      $0.name = "Blob"
      $0.nameEdits = 1
    }
    try await store.send(.binding(.set(\.$isVerified, true))) { $0.isVerified = true }
    try await store.send(.incrementAccessCount) { $0.accessCount = 1 }
    try await store.finish()
  }

  /// TCA's `BindableAction.set`: the action's own `set` wraps the binding action in its case.
  @Test func actionsSetThroughTheirBindingCase() async throws {
    #expect(Profile.Action.set(\.$name, "Blob") == .binding(.set(\.$name, "Blob")))
    #expect(Profile.Action.set(\.accessCount, 3) == .binding(.set(\.accessCount, 3)))
    let store = TestStore(initialState: Profile.State()) { Profile() }
    try await store.send(.set(\.$name, "Blob")) {
      $0.name = "Blob"
      $0.nameEdits = 1
    }
    try await store.send(.set(\.isVerified, true)) { $0.isVerified = true }
    try await store.send(.set(\.accessCount, 7)) { $0.accessCount = 7 }
    try await store.finish()
  }

  @Test func bindingActionEquality() {
    let a = BindingAction<Profile.State>.set(\.$name, "Blob")
    #expect(a == .set(\.$name, "Blob"))
    #expect(a != .set(\.$name, "Blub"))
    #expect(a.keyPath == \Profile.State.$name)
    #expect(a.targets(\.$name))
    #expect(!a.targets(\.$isVerified))
    #expect(a.description.contains("Blob"))
  }

  @Test func storeSendsBindings() {
    let store = Store(initialState: Profile.State()) { Profile() }
    store.send(.binding(.set(\.$name, "Blob")))
    #expect(store.name == "Blob")
  }
}

@Suite struct BoundDumpTests {
  struct State: Equatable {
    @Bound var name = "Blob"
  }

  @MainActor
  @Test func boundFieldsDiffAsTheirValues() async throws {
    let store = TestStore(initialState: State()) {
      Reduce<State, BindingAction<State>> { state, action in
        action.apply(to: &state)
        return .none
      }
    }
    let failure = try #require(
      try await TestStoreFailure.collect {
        try await store.send(.set(\.$name, "Blub")) { $0.name = "Blob Jr." }
      }.first)
    #expect(failure.message.contains("-   name: \"Blob Jr.\""))
    #expect(failure.message.contains("+   name: \"Blub\""))
  }
}
