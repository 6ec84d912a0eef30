import SharedState
import Testing

@MainActor
@Suite struct ChildWriteTests {
  @Test func childWriteReachesAListeningParent() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.task)
    let observation2 = try await store.send(.child(.updateParent))
    try await store.receive(.counter(.willChange(100))) { $0.counter = 100 }
    // Its first action also started the child observing: the change comes back to it.
    try await store.receive(.child(.counter(.willChange(100)))) { $0.child.counter = 100 }
    await observation.cancel()
    await observation2.cancel()
    try await store.finish()
  }

  @Test func roundTripFromChildToParentToEveryObservingChild() async throws {
    var initial = Parent.State()
    initial.rows = [Child.State(id: 1)]
    let store = TestStore(initialState: initial) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.child(.task))
    let observation2 = try await store.send(.rows(id: 1, action: .task))
    try await store.send(.child(.updateParent))
    try await store.receive(.counter(.willChange(100))) { $0.counter = 100 }
    try await store.receive(.child(.counter(.willChange(100)))) { $0.child.counter = 100 }
    try await store.receive(.rows(id: 1, action: .counter(.willChange(100)))) {
      $0.rows[id: 1]?.counter = 100
    }
    await observation.cancel()
    await observation2.cancel()
    try await store.finish()
  }

  @Test func childWriteFromAnEffectReachesTheParent() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.child(.task))
    try await store.send(.child(.updateParentFromEffect))
    try await store.receive(.counter(.willChange(100))) { $0.counter = 100 }
    try await store.receive(.child(.counter(.willChange(100)))) { $0.child.counter = 100 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func aWriteBeforeTheParentListensWaitsForIt() async throws {
    // The parent's listener starts on the parent's first action, which here is the child's
    // own: the write is made before the listener exists and is delivered when it starts.
    let store = TestStore(initialState: Parent.State()) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.child(.updateParent))
    try await store.receive(.counter(.willChange(100))) { $0.counter = 100 }
    try await store.receive(.child(.counter(.willChange(100)))) { $0.child.counter = 100 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func aParentThatDoesNotListenStaysInControl() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let observation = try await store.send(.child(.task))
    try await store.send(.child(.updateParent))
    try await store.send(.child(.readParent)) { $0.child.read = 4 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func writingTheCurrentValueIsNotAChange() async throws {
    var initial = Parent.State()
    initial.child.value = 4
    let store = TestStore(initialState: initial) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.task)
    let observation2 = try await store.send(.child(.updateParent))
    await observation.cancel()
    await observation2.cancel()
    try await store.finish()
  }

  @Test func aWriteToAProvidedValueChangesItAtOnce() async throws {
    var initial = Child.State.with(counter: 100)
    initial.value = 7
    let store = TestStore(initialState: initial) {
      Child()
    } withDependencies: {
      $0.sharedState(CounterKey.self, 100)
    }
    let observation = try await store.send(.task)
    try await store.send(.updateParent)
    try await store.receive(.counter(.willChange(7))) { $0.counter = 7 }
    try await store.send(.readParent) { $0.read = 7 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func aWriteOutsideAnyParentFailsWithAMessageThatSaysHowToFixIt() async throws {
    let store = TestStore(initialState: Child.State()) { Child() }
    let failure = try #require(
      try await TestStoreFailure.collect {
        try await store.send(.updateParent)
      }.first)
    #expect(failure.message.contains("parentState[CounterKey.self] was set to 100"))
    #expect(failure.message.contains("no parent shares 'CounterKey' here"))
    #expect(failure.message.contains("WithParentState"))
    #expect(failure.message.contains("$0.sharedState(CounterKey.self, …)"))
    try await store.finish()
  }
}
