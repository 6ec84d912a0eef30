import SharedState
import Testing

@MainActor
@Suite struct ParentStateDependencyTests {
  @Test func readInsideAParentGivesTheParentsValue() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    try await store.send(.set(9)) { $0.counter = 9 }
    let observation = try await store.send(.child(.readParent)) { $0.child.read = 9 }
    // Its first action also started the child observing, behind the parent: it catches up.
    try await store.receive(.child(.counter(.willChange(9)))) { $0.child.counter = 9 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func readInsideAnEffectGivesTheParentsValue() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let observation = try await store.send(.child(.task))
    try await store.send(.set(3)) { $0.counter = 3 }
    try await store.receive(.child(.counter(.willChange(3)))) { $0.child.counter = 3 }
    try await store.send(.child(.readParentInEffect))
    try await store.receive(.child(.readResult(3))) { $0.child.read = 3 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func readOutsideAnyParentGivesTheDefault() async throws {
    let store = TestStore(initialState: UnsharedParent.State()) { UnsharedParent() }
    try await store.send(.increment) { $0.counter = 5 }
    try await store.send(.child(.readParent)) { $0.child.read = 4 }
    try await store.finish()
  }

  @Test func readOutsideWithAProvidedValueGivesThatValue() async throws {
    // The child state is made outside the provided value; it hears it on its first action.
    let outside = Child.State()
    let store = TestStore(initialState: outside) {
      Child()
    } withDependencies: {
      $0.sharedState(CounterKey.self, 100)
    }
    let observation = try await store.send(.readParent) { $0.read = 100 }
    try await store.receive(.counter(.willChange(100))) { $0.counter = 100 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func childStateMadeWhereAValueIsProvidedStartsFromIt() {
    let state = withDependencies {
      $0.sharedState(CounterKey.self, 42)
      $0.sharedState(UnitKey.self, "mi")
    } operation: {
      Child.State()
    }
    #expect(state.counter == 42)
  }

  @Test func theNearestParentWinsOverAProvidedValue() async throws {
    // Made outside the provided value, so that the child starts from the parent's.
    let outside = Parent.State()
    let store = TestStore(initialState: outside) {
      Parent()
    } withDependencies: {
      $0.sharedState(CounterKey.self, 100)
    }
    let observation = try await store.send(.child(.readParent)) { $0.child.read = 4 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func aParentOfAnotherKeyDoesNotAnswer() {
    @Dependency(\.parentState) var parentState
    let unit = withDependencies {
      $0.sharedState(CounterKey.self, 1)
    } operation: {
      parentState[UnitKey.self]
    }
    #expect(unit == "km")
  }
}
