import SharedState
import Testing

@MainActor
@Suite struct IsolationTests {
  @Test func twoParentStoresFromTheSameInitialStateNeverSeeEachOthersValues() async throws {
    let initial = Parent.State()
    let a = TestStore(initialState: initial) { Parent(acceptsWrites: true) }
    let b = TestStore(initialState: initial) { Parent(acceptsWrites: true) }
    let observation = try await a.send(.child(.task))
    let observationB = try await b.send(.child(.task))
    try await a.send(.increment) { $0.counter = 5 }
    try await a.receive(.child(.counter(.willChange(5)))) { $0.child.counter = 5 }
    try await a.receive(.counter(.willChange(5)))  // the listening parent hears its own change
    try await b.send(.child(.readParent)) { $0.child.read = 4 }
    try await b.send(.child(.updateParent))
    try await b.receive(.counter(.willChange(100))) { $0.counter = 100 }
    try await b.receive(.child(.counter(.willChange(100)))) { $0.child.counter = 100 }
    try await a.send(.child(.readParent)) { $0.child.read = 5 }
    await observation.cancel()
    await observationB.cancel()
    try await a.finish()
    try await b.finish()
  }

  @Test func twoParentsInAForEachNeverSeeEachOthersValues() async throws {
    let store = TestStore(
      initialState: Parents.State(parents: [Parent.State(id: 1), Parent.State(id: 2)])
    ) { Parents() }
    let observation = try await store.send(.parents(id: 1, action: .child(.task)))
    let observation2 = try await store.send(.parents(id: 2, action: .child(.task)))
    try await store.send(.parents(id: 1, action: .increment)) { $0.parents[id: 1]?.counter = 5 }
    try await store.receive(.parents(id: 1, action: .child(.counter(.willChange(5))))) {
      $0.parents[id: 1]?.child.counter = 5
    }
    try await store.receive(.parents(id: 1, action: .counter(.willChange(5))))
    try await store.send(.parents(id: 2, action: .child(.updateParent)))
    try await store.receive(.parents(id: 2, action: .counter(.willChange(100)))) {
      $0.parents[id: 2]?.counter = 100
    }
    try await store.receive(.parents(id: 2, action: .child(.counter(.willChange(100))))) {
      $0.parents[id: 2]?.child.counter = 100
    }
    try await store.send(.parents(id: 1, action: .child(.readParent))) {
      $0.parents[id: 1]?.child.read = 5
    }
    await observation.cancel()
    await observation2.cancel()
    try await store.finish()
  }

  @Test func removingAParentEndsItsChildrensObservation() async throws {
    let store = TestStore(
      initialState: Parents.State(parents: [Parent.State(id: 1), Parent.State(id: 2)])
    ) { Parents() }
    try await store.send(.parents(id: 1, action: .child(.task)))
    let removed = try #require(store.state.parents[id: 1]).$counter
    // The child observes, and the parent listens to its children's writes.
    #expect(removed.observers == 2)
    try await store.send(.remove(1)) { $0.parents.remove(id: 1) }
    #expect(removed.observers == 0)
    try await store.finish()
  }

  @Test func keysNeverMix() async throws {
    @Dependency(\.parentState) var parentState
    let (counter, unit) = withDependencies {
      $0.sharedState(UnitKey.self, "mi")
    } operation: {
      (parentState[CounterKey.self], parentState[UnitKey.self])
    }
    #expect(counter == 4)
    #expect(unit == "mi")
  }
}

@MainActor
@Suite struct OutsideChildTests {
  @Test func aChildOutsideNeverObservesEvenWhenAnEffectInsideLeadsToItsAction() async throws {
    // The outside child's action is reduced while the inside child's effect delivers its own,
    // in that effect's task: what the effect had in force must not reach the outside child.
    let store = TestStore(initialState: InsideOutside.State()) { InsideOutside() }
    let observation = try await store.send(.inside(.task))
    try await store.send(.inside(.readParentInEffect))
    try await store.receive(.inside(.readResult(4))) { $0.inside.read = 4 }
    try await store.receive(.outside(.task))
    #expect(store.state.$counter.observers == 1)
    try await store.send(.increment) { $0.counter = 5 }
    try await store.receive(.inside(.counter(.willChange(5)))) { $0.inside.counter = 5 }
    await observation.cancel()
    try await store.finish()
  }
}
