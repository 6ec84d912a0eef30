import SharedState
import Testing

/// The examples of Docs/SharedState.md, as written there.
enum StandardUsage {
  struct Parent: Reducer {
    struct State: Equatable {
      @ParentState<CounterKey> var counter
      var child = Child.State()
    }
    enum Action: Equatable {
      case child(Child.Action)
      case increment
    }

    var body: some Reducer<State, Action> {
      WithParentState(\.$counter) {
        Scope(state: \.child, action: /Action.child) { Child() }
        Reduce { state, action in
          switch action {
          case .child:
            return .none
          case .increment:
            state.counter += 1
            return .none
          }
        }
      }
    }
  }

  struct Child: Reducer {
    struct State: Equatable {
      @ChildState<CounterKey> var counter
    }
    enum Action: Equatable {
      case counter(SharedStateAction<CounterKey>)
      case task
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .counter:
          return .none
        case .task:
          return .none
        }
      }
      .sharedState(\.$counter, action: /Action.counter)
    }
  }
}

enum AdvancedUsage {
  struct Parent: Reducer {
    struct State: Equatable {
      @ParentState<CounterKey> var counter
      var child = Child.State()
    }
    enum Action: Equatable {
      case child(Child.Action)
      case counter(SharedStateAction<CounterKey>)
      case task
    }

    var body: some Reducer<State, Action> {
      WithParentState(\.$counter) {
        Scope(state: \.child, action: /Action.child) { Child() }
        Reduce { state, action in
          switch action {
          case .child, .counter, .task:
            return .none
          }
        }
        .sharedState(\.$counter, action: /Action.counter)
      }
    }
  }

  struct Child: Reducer {
    struct State: Equatable {
      var value = 100
    }
    enum Action: Equatable {
      case updateParent
    }

    @Dependency(\.parentState) var parentState

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .updateParent:
          parentState[CounterKey.self] = state.value
          return .none
        }
      }
    }
  }
}

@MainActor
@Suite struct DocsExampleTests {
  @Test func standardUsage() async throws {
    let store = TestStore(initialState: StandardUsage.Parent.State()) { StandardUsage.Parent() }
    let observation = try await store.send(.child(.task))
    try await store.send(.increment) { $0.counter = 5 }
    try await store.receive(.child(.counter(.willChange(5)))) { $0.child.counter = 5 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func advancedUsage() async throws {
    let store = TestStore(initialState: AdvancedUsage.Parent.State()) { AdvancedUsage.Parent() }
    let observation = try await store.send(.child(.updateParent))
    try await store.receive(.counter(.willChange(100))) { $0.counter = 100 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func childWithAProvidedValue() async throws {
    let store = TestStore(initialState: StandardUsage.Child.State()) {
      StandardUsage.Child()
    } withDependencies: {
      $0.sharedState(CounterKey.self, 100)
    }
    // Built inside the provided value, as TCA builds a test store's initial state.
    #expect(store.state.counter == 100)
    let observation = try await store.send(.task)
    await observation.cancel()
    try await store.finish()
  }
}
