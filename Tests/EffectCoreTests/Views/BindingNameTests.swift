import EffectCore
import Testing

/// A `@Bound` property has one name for the view and the reducer: `store.isComplete = …` (what a
/// SwiftUI binding sends, `\.isComplete`) matches a reducer's `case .binding(\.$isComplete):`,
/// and `.set(\.$isComplete, …)` matches `case .binding(\.isComplete):`, nested values included.
@MainActor
@Suite struct BindingNameTests {
  struct Settings: Equatable, Sendable {
    var volume = 0
    var muted = false
  }

  struct Form: Reducer {
    struct State: Equatable {
      var title = ""
      @Bound var isComplete = false
      @Bound var settings = Settings()
      var completions = 0
      var plainCompletions = 0
      var settingsEdits = 0
      var titleEdits = 0
    }
    enum Action: BindingActions, Equatable {
      case binding(BindingAction<State>)
    }

    var body: some Reducer<State, Action> {
      ReduceBindings()
      Reduce { state, action in
        switch action {
        case .binding(\.$isComplete):
          state.completions += 1
        case .binding(\.$settings):
          state.settingsEdits += 1
        case .binding(\.title):
          state.titleEdits += 1
        case .binding:
          break
        }
        if case .binding(let binding) = action, binding.targets(\.isComplete) {
          state.plainCompletions += 1
        }
        return .none
      }
    }
  }

  @Test func aViewsBindingReachesTheReducersProjectedSpelling() {
    let store = Store(initialState: Form.State()) { Form() }
    store.isComplete.toggle()
    #expect(store.isComplete)
    #expect(store.completions == 1)
    #expect(store.plainCompletions == 1)
    #expect(store.settingsEdits == 0)
    store.title = "Milk"
    #expect(store.titleEdits == 1)
    #expect(store.completions == 1)
  }

  @Test func aNestedFieldSetThroughTheStoreReachesTheReducersProjectedSpelling() {
    let store = Store(initialState: Form.State()) { Form() }
    store.settings.volume = 3
    #expect(store.settings.volume == 3)
    #expect(store.settingsEdits == 1)
    #expect(store.completions == 0)
  }

  @Test func theProjectedSpellingReachesTheReducersPlainSpelling() async throws {
    let store = TestStore(initialState: Form.State()) { Form() }
    try await store.send(.binding(.set(\.$isComplete, true))) {
      $0.isComplete = true
      $0.completions = 1
      $0.plainCompletions = 1
    }
    try await store.send(.binding(.set(\.isComplete, false))) {
      $0.isComplete = false
      $0.completions = 2
      $0.plainCompletions = 2
    }
  }

  @Test func bothSpellingsOfAnActionSentThroughAStoreAreEqual() {
    let store = Store(initialState: Form.State()) { Form() }
    let sent = BindingAction<Form.State>.set(\.isComplete, true)
    _ = store.send(.binding(sent))
    #expect(sent == .set(\.$isComplete, true))
    #expect(sent != .set(\.$isComplete, false))
    #expect(sent != .set(\.title, "true"))
    #expect(sent.targets(\.$isComplete))
    #expect(!sent.targets(\.$settings))
  }

  @Test func aPartOfABoundValueIsItsOwnPath() {
    let store = Store(initialState: Form.State()) { Form() }
    let volume = BindingAction<Form.State>.set(\.settings.volume, 2)
    _ = store.send(.binding(volume))
    #expect(store.settings.volume == 2)
    #expect(volume.targets(\.settings.volume))
    #expect(!volume.targets(\.$settings))
    #expect(!volume.targets(\.settings.muted))
  }
}
