import SharedState
import Testing

/// A parent skips publishing a value its channel already has by the value's stamp, a fresh one
/// for every write (`ParentState.stamp`): an earlier state brought back (undo, time travel) has
/// an older stamp and is published again, and so is the next write after it.
@MainActor
@Suite struct ParentStateStampTests {
  @Test func aRestoredEarlierValueAndTheWriteAfterItReachTheChild() async throws {
    let store = Store(initialState: Parent.State()) { Parent() }
    let observation = store.send(.child(.task))
    let start = store.state
    store.send(.set(7))
    #expect(store.state.child.counter == 7)

    store.restoreState { $0 = start }
    #expect(store.state.counter == 4)
    // The next action publishes the restored value.
    store.send(.child(.readParent))
    #expect(store.state.child.counter == 4)
    #expect(store.state.child.read == 4)

    // The same value as before the restore, written again: a new stamp, heard again.
    store.send(.set(7))
    #expect(store.state.child.counter == 7)
    store.send(.increment)
    #expect(store.state.child.counter == 8)
    observation.cancel()
  }
}
