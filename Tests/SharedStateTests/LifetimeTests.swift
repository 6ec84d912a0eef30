import SharedState
import Testing

@MainActor
@Suite struct LifetimeTests {
  /// Observations are subscriptions: a test store counts them as effects still running, until
  /// the test cancels them.
  @Test func observationsRunUntilTheTestCancelsThem() async throws {
    var initial = Parent.State()
    initial.detail = Child.State()
    initial.rows = [Child.State(id: 1)]
    let store = TestStore(initialState: initial) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.child(.task))
    let observation2 = try await store.send(.detail(.task))
    let observation3 = try await store.send(.rows(id: 1, action: .task))
    #expect(store.state.$counter.observers == 4)
    let failures = try await TestStoreFailure.collect { try await store.finish(timeout: .zero) }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("4 effect(s) are still running") == true)
    await observation.cancel()
    await observation2.cancel()
    await observation3.cancel()
    #expect(store.state.$counter.observers == 0)
    try await store.finish()
  }

  @Test func releasingTheStoreEndsEveryObservation() async throws {
    var counter: ParentState<CounterKey>?
    do {
      let store = Store(initialState: Parent.State()) { Parent(acceptsWrites: true) }
      await store.send(.child(.task)).finish()
      store.send(.present)
      await store.send(.detail(.task)).finish()
      counter = store.state.$counter
      #expect(counter?.observers == 3)
    }
    #expect(counter?.observers == 0)
  }

  @Test func aStoreDeliversChangesToItsChildren() async throws {
    let store = Store(initialState: Parent.State()) { Parent(acceptsWrites: true) }
    store.send(.child(.task))
    store.send(.increment)
    #expect(store.child.counter == 5)
    store.send(.child(.updateParent))
    #expect(store.counter == 100)
    #expect(store.child.counter == 100)
    await store.send(.child(.updateParentFromEffect)).finish()
  }
}
