import SharedState
import Testing

@MainActor
@Suite struct PresentedChildTests {
  @Test func presentedChildStartsFromTheParentsValueAndFollowsIt() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    try await store.send(.set(7)) { $0.counter = 7 }
    try await store.send(.present) { $0.detail = .with(counter: 7) }
    let observation = try await store.send(.detail(.task))
    try await store.send(.increment) { $0.counter = 8 }
    try await store.receive(.detail(.counter(.willChange(8)))) { $0.detail?.counter = 8 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func dismissingTheChildEndsItsObservation() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    try await store.send(.present) { $0.detail = .with(counter: 4) }
    try await store.send(.detail(.task))
    #expect(store.state.$counter.observers == 1)
    try await store.send(.dismiss) { $0.detail = nil }
    #expect(store.state.$counter.observers == 0)
    try await store.send(.increment) { $0.counter = 5 }
    try await store.finish()
  }

  @Test func presentingAgainObservesAgain() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    try await store.send(.present) { $0.detail = .with(counter: 4) }
    try await store.send(.detail(.task))
    try await store.send(.dismiss) { $0.detail = nil }
    try await store.send(.increment) { $0.counter = 5 }
    try await store.send(.present) { $0.detail = .with(counter: 5) }
    let observation = try await store.send(.detail(.task))
    try await store.send(.increment) { $0.counter = 6 }
    try await store.receive(.detail(.counter(.willChange(6)))) { $0.detail?.counter = 6 }
    await observation.cancel()
    try await store.finish()
  }

  @Test func childCreatedInTheActionThatChangesTheValueCatchesUpOnItsFirstAction() async throws {
    // The child is made before the parent publishes the change of this very action, so it
    // starts from the value the action began with and hears the new one when it first acts.
    let store = TestStore(initialState: Parent.State()) { Parent() }
    try await store.send(.incrementAndPresent) {
      $0.counter = 5
      $0.detail = .with(counter: 4)
    }
    let observation = try await store.send(.detail(.task))
    try await store.receive(.detail(.counter(.willChange(5)))) { $0.detail?.counter = 5 }
    await observation.cancel()
    try await store.finish()
  }
}
