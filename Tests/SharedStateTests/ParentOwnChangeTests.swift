import SharedState
import Testing

/// A parent that applies `.sharedState(\.$counter, action:)` hears `.willChange` for the changes
/// it makes itself, as ComposableSharedState's parent does, once per change.
@MainActor
@Suite struct ParentOwnChangeTests {
  @Test func aListeningParentHearsItsOwnChange() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.task)
    try await store.send(.increment) { $0.counter = 5 }
    // The state already holds 5: hearing it changes nothing.
    try await store.receive(.counter(.willChange(5)))
    try await store.send(.set(9)) { $0.counter = 9 }
    try await store.receive(.counter(.willChange(9)))
    await observation.cancel()
    try await store.finish()
  }

  @Test func parentAndChildrenHearTheChangeInTheOrderTheyStartedObserving() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.task)
    let observation2 = try await store.send(.child(.task))
    try await store.send(.set(7)) { $0.counter = 7 }
    try await store.receive(.counter(.willChange(7)))
    try await store.receive(.child(.counter(.willChange(7)))) { $0.child.counter = 7 }
    await observation.cancel()
    await observation2.cancel()
    try await store.finish()
  }

  @Test func settingTheSameValueIsNoChange() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.task)
    try await store.send(.set(4))
    await observation.cancel()
    try await store.finish()
  }

  @Test func aChildsWriteThatTheParentAcceptsIsHeardOnce() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent(acceptsWrites: true) }
    let observation = try await store.send(.task)
    let observation2 = try await store.send(.child(.updateParent))
    try await store.receive(.counter(.willChange(100))) { $0.counter = 100 }
    try await store.receive(.child(.counter(.willChange(100)))) { $0.child.counter = 100 }
    // Then the parent's own change is heard again.
    try await store.send(.increment) { $0.counter = 101 }
    try await store.receive(.counter(.willChange(101)))
    try await store.receive(.child(.counter(.willChange(101)))) { $0.child.counter = 101 }
    await observation.cancel()
    await observation2.cancel()
    try await store.finish()
  }

  @Test func aParentThatDoesNotListenHearsNothing() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    try await store.send(.task)
    try await store.send(.increment) { $0.counter = 5 }
    try await store.finish()
  }
}
