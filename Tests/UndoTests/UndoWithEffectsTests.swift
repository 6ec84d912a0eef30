import Testing
import Undo

@MainActor
@Suite struct UndoWithEffectsTests {
  @Test func undoingARenameWhileTickingKeepsTheCount() async {
    let clock = TestClock()
    let store = Store(initialState: .two) { Timers(clock: clock) }
    let history = UndoHistory()
    let ticking = store.send(.start(id: 1))
    await clock.advance(by: .seconds(2))
    store.send(.rename(id: 1, "Green tea"), undoable: history, named: "Rename")
    await clock.advance(by: .seconds(3))
    #expect(store.timers[id: 1]?.remaining == 5)
    history.undo()
    #expect(store.timers[id: 1]?.name == "Tea")
    #expect(store.timers[id: 1]?.remaining == 5)
    await clock.advance(by: .seconds(1))
    history.redo()
    #expect(store.timers[id: 1]?.name == "Green tea")
    #expect(store.timers[id: 1]?.remaining == 4)
    ticking.cancel()
    await ticking.finish()
  }

  @Test func aFieldChangedAgainSinceIsKept() {
    let store = Store(initialState: .two) { Timers(clock: TestClock()) }
    let history = UndoHistory()
    store.send(.rename(id: 1, "A"), undoable: history)
    store.send(.rename(id: 1, "B"))
    history.undo()
    #expect(store.timers[id: 1]?.name == "B")
  }

  @Test func testStoreAssertsUndoAndRedo() async throws {
    let clock = TestClock()
    let history = UndoHistory()
    let store = TestStore(initialState: Timers.State.two) { Timers(clock: clock) }
    let ticking = try await store.send(.start(id: 2))
    try await store.send(.rename(id: 2, "Boiled"), undoable: history, named: "Rename") {
      $0.timers[id: 2]?.name = "Boiled"
    }
    await clock.advance(by: .seconds(1))
    try await store.receive(.tick(id: 2)) { $0.timers[id: 2]?.remaining = 19 }
    try await store.undo(history) { $0.timers[id: 2]?.name = "Eggs" }
    try await store.redo(history) { $0.timers[id: 2]?.name = "Boiled" }
    let failures = try await TestStoreFailure.collect { try await store.redo(history) }
    #expect(failures.map(\.message) == ["There is nothing to redo."])
    await ticking.cancel()
    try await store.finish()
  }
}
