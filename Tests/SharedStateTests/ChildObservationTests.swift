import SharedState
import Testing

@MainActor
@Suite struct ChildObservationTests {
  @Test func childInsideHearsEachChangeAfterItsFirstAction() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let observation = try await store.send(.child(.task))
    try await store.send(.increment) { $0.counter = 5 }
    try await store.receive(.child(.counter(.willChange(5)))) { $0.child.counter = 5 }
    try await store.send(.set(9)) { $0.counter = 9 }
    try await store.receive(.child(.counter(.willChange(9)))) { $0.child.counter = 9 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func childThatHasNotActedYetHearsNothing() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    try await store.send(.increment) { $0.counter = 5 }
    try await store.finish()
  }

  @Test func aValueEqualToTheCurrentOneIsNotAChange() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let observation = try await store.send(.child(.task))
    try await store.send(.set(4))
    try await store.send(.set(6)) { $0.counter = 6 }
    try await store.receive(.child(.counter(.willChange(6)))) { $0.child.counter = 6 }
    try await store.send(.set(6))
    await observation.cancel()
    try await store.finish()
  }

  @Test func childBehindItsParentCatchesUpOnItsFirstAction() async throws {
    var initial = Parent.State()
    initial.counter = 7
    let store = TestStore(initialState: initial) { Parent() }
    let observation = try await store.send(.child(.task))
    try await store.receive(.child(.counter(.willChange(7)))) { $0.child.counter = 7 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func childOutsideAnyParentHearsNothing() async throws {
    let store = TestStore(initialState: UnsharedParent.State()) { UnsharedParent() }
    try await store.send(.child(.task))
    try await store.send(.increment) { $0.counter = 5 }
    try await store.finish()
  }

  @Test func childAloneKeepsItsValue() async throws {
    let store = TestStore(initialState: Child.State()) { Child() }
    try await store.send(.task)
    try await store.send(.counter(.willChange(8))) { $0.counter = 8 }
    try await store.finish()
  }

  @Test func childrenHearAChangeInTheOrderTheyStartedObserving() async throws {
    var initial = Parent.State()
    initial.rows = [Child.State(id: 1), Child.State(id: 2)]
    let store = TestStore(initialState: initial) { Parent() }
    let observation = try await store.send(.rows(id: 2, action: .task))
    let observation2 = try await store.send(.child(.task))
    let observation3 = try await store.send(.rows(id: 1, action: .task))
    try await store.send(.increment) { $0.counter = 5 }
    try await store.receive(.rows(id: 2, action: .counter(.willChange(5)))) {
      $0.rows[id: 2]?.counter = 5
    }
    try await store.receive(.child(.counter(.willChange(5)))) { $0.child.counter = 5 }
    try await store.receive(.rows(id: 1, action: .counter(.willChange(5)))) {
      $0.rows[id: 1]?.counter = 5
    }
    await observation.cancel()
    await observation2.cancel()
    await observation3.cancel()
    try await store.finish()
  }

  @Test func aChangeMadeAfterWithParentStateReachesChildrenOnTheNextAction() async throws {
    let store = TestStore(initialState: InsideOutside.State()) { InsideOutside() }
    let observation = try await store.send(.inside(.task))
    try await store.send(.incrementAfter) { $0.counter = 5 }
    #expect(store.receivedActions.isEmpty)
    try await store.send(.increment) { $0.counter = 6 }
    try await store.receive(.inside(.counter(.willChange(5)))) { $0.inside.counter = 5 }
    try await store.receive(.inside(.counter(.willChange(6)))) { $0.inside.counter = 6 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func manyActionsObserveOnce() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let observation = try await store.send(.child(.task))
    for _ in 1..<5 { try await store.send(.child(.task)) }
    #expect(store.state.$counter.observers == 1)
    try await store.send(.increment) { $0.counter = 5 }
    try await store.receive(.child(.counter(.willChange(5)))) { $0.child.counter = 5 }
    await observation.cancel()
    try await store.finish()
  }
}
