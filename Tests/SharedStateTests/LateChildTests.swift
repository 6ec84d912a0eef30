import SharedState
import Testing

@MainActor
@Suite struct LateChildTests {
  @Test func rowAddedLaterStartsFromTheCurrentValue() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let observation = try await store.send(.child(.task))
    try await store.send(.set(11)) { $0.counter = 11 }
    try await store.receive(.child(.counter(.willChange(11)))) { $0.child.counter = 11 }
    try await store.send(.addRow(1)) { $0.rows = [.with(id: 1, counter: 11)] }
    let observation2 = try await store.send(.rows(id: 1, action: .task))
    try await store.send(.set(12)) { $0.counter = 12 }
    try await store.receive(.child(.counter(.willChange(12)))) { $0.child.counter = 12 }
    try await store.receive(.rows(id: 1, action: .counter(.willChange(12)))) {
      $0.rows[id: 1]?.counter = 12
    }
    await observation.cancel()
    await observation2.cancel()
    try await store.finish()
  }

  @Test func childStateCreatedOutsideAnyParentStartsFromTheDefault() {
    #expect(Child.State().counter == CounterKey.defaultValue)
  }

  @Test func removingARowEndsItsObservation() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    try await store.send(.addRow(1)) { $0.rows = [.with(id: 1, counter: 4)] }
    try await store.send(.addRow(2)) { $0.rows.append(.with(id: 2, counter: 4)) }
    try await store.send(.rows(id: 1, action: .task))
    let observation = try await store.send(.rows(id: 2, action: .task))
    #expect(store.state.$counter.observers == 2)
    try await store.send(.removeRow(1)) { $0.rows.remove(id: 1) }
    #expect(store.state.$counter.observers == 1)
    try await store.send(.increment) { $0.counter = 5 }
    try await store.receive(.rows(id: 2, action: .counter(.willChange(5)))) {
      $0.rows[id: 2]?.counter = 5
    }
    await observation.cancel()
    try await store.finish()
  }
}
