import Injection
import Testing

/// A dependency with no test value, used in a test without an override, fails the test with a
/// message naming the key, and the test goes on with the live value; the test process survives.
@MainActor
@Suite struct MissingTestValueTests {
  enum LiveOnlyKey: DependencyKey { static let liveValue = 42 }

  @Test func aDirectReadFailsTheTestAndGivesTheLiveValue() {
    withKnownIssue {
      @Dependency(LiveOnlyKey.self) var value
      #expect(value == 42)
    } matching: { issue in
      "\(issue)".contains("'LiveOnlyKey' has no test value, but a test used it")
    }
  }

  struct Feature: Reducer {
    struct State: Equatable {
      var value: Int
      init() {
        @Dependency(LiveOnlyKey.self) var value
        self.value = value
      }
      init(value: Int) { self.value = value }
    }
    enum Action: Equatable { case read }
    @Dependency(LiveOnlyKey.self) var value
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.value = value + 1
      return .none
    }
  }

  @Test func aPlainStoreInATestFailsTheTest() {
    var initial: Feature.State?
    withKnownIssue { initial = Feature.State() }
    let store = Store(initialState: initial!) { Feature() }
    // Reported once per test, where it was first used, as in swift-dependencies: the value made
    // then serves the rest of the test.
    store.send(.read)
    #expect(store.value == 43)
  }

  @Test func aStateInitializerFailsTheTest() {
    withKnownIssue {
      #expect(Feature.State().value == 42)
    }
  }

  @Test func insideATestStoreTheNextAssertionThrows() async throws {
    let store = TestStore(initialState: Feature.State(value: 0)) { Feature() }
    let failure = try await TestStoreFailure.collect {
      try await store.send(.read) { $0.value = 43 }
    }.first
    #expect(failure?.message.contains("'LiveOnlyKey' has no test value") == true)
    try await store.finish()
  }
}
