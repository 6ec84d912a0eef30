import EffectCore
import Testing

/// `onChange(of:)` in TCA's form: a reducer built from the old and new values, which sees the
/// action, for a key path or a closure; beside the toolkit's `(old, new, state)` form.
@MainActor
@Suite struct OnChangeTests {
  struct Form: Reducer {
    struct State: Equatable {
      var query = ""
      var items: [String] = []
      var log: [String] = []
    }
    enum Action: Equatable {
      case typed(String)
      case pasted(String)
      case added(String)
      case touched
    }
    /// A value computed from the state, watched through a closure.
    static func itemCount(_ state: State) -> Int { state.items.count }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .typed(let text), .pasted(let text): state.query = text
        case .added(let item): state.items.append(item)
        case .touched: break
        }
        return .none
      }
      .onChange(of: \.query) { old, new in
        Reduce { state, action in
          // The reducer sees the action that made the change.
          let how = if case .pasted = action { "pasted" } else { "typed" }
          state.log.append("\(how) \(old)->\(new)")
          return .none
        }
      }
      .onChange(of: Self.itemCount) { _, count in
        Reduce { state, _ in
          state.log.append("\(count) items")
          return .none
        }
      }
    }
  }

  @Test func aKeyPathBuildsAReducerThatSeesTheAction() async throws {
    let store = TestStore(initialState: Form.State()) { Form() }
    try await store.send(.typed("a")) {
      $0.query = "a"
      $0.log = ["typed ->a"]
    }
    try await store.send(.pasted("abc")) {
      $0.query = "abc"
      $0.log.append("pasted a->abc")
    }
    try await store.send(.typed("abc"))  // no change, nothing runs
    try await store.finish()
  }

  @Test func aClosureWatchesWhatItComputes() async throws {
    let store = TestStore(initialState: Form.State()) { Form() }
    try await store.send(.added("x")) {
      $0.items = ["x"]
      $0.log = ["1 items"]
    }
    try await store.send(.touched)
    try await store.finish()
  }

  @Test func theBuiltReducersEffectsJoinTheBases() async throws {
    enum Action: Equatable {
      case set(Int)
      case changed(Int)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        if case .set(let value) = action { state = value }
        return .none
      }
      .onChange(of: \.self) { _, new in
        Reduce { _, action in
          guard case .set = action else { return .none }
          return .send(.changed(new))
        }
      }
    }
    try await store.send(.set(3)) { $0 = 3 }
    try await store.receive(.changed(3))
    try await store.finish()
  }
}
