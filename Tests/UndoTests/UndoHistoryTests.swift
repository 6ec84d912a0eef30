import Testing
import Undo

@MainActor
@Suite struct UndoHistoryTests {
  func makeStore() -> Store<Timers.State, Timers.Action> {
    Store(initialState: .two) { Timers(clock: TestClock()) }
  }

  @Test func undoRedoRoundTrip() {
    let store = makeStore()
    let history = UndoHistory()
    #expect(!history.canUndo)
    store.send(.rename(id: 1, "Green tea"), undoable: history, named: "Rename")
    #expect(history.canUndo)
    #expect(history.undoActionName == "Rename")
    history.undo()
    #expect(store.timers[id: 1]?.name == "Tea")
    #expect(history.canRedo)
    #expect(history.redoActionName == "Rename")
    history.redo()
    #expect(store.timers[id: 1]?.name == "Green tea")
    #expect(!history.canRedo)
  }

  @Test func aNewStepClearsRedo() {
    let store = makeStore()
    let history = UndoHistory()
    store.send(.setTitle("A"), undoable: history)
    history.undo()
    #expect(history.canRedo)
    store.send(.setTitle("B"), undoable: history)
    #expect(!history.canRedo)
  }

  @Test func actionsThatChangeNothingRecordNoStep() {
    let store = makeStore()
    let history = UndoHistory()
    store.send(.nothing, undoable: history)
    #expect(!history.canUndo)
  }

  @Test func groupingMakesOneStep() {
    let store = makeStore()
    let history = UndoHistory()
    history.group(named: "Paste") {
      store.send(.add(.init(id: 3, name: "A", remaining: 1)), undoable: history)
      history.group {
        store.send(.add(.init(id: 4, name: "B", remaining: 1)), undoable: history)
      }
    }
    #expect(history.undoCount == 1)
    #expect(history.undoActionName == "Paste")
    history.undo()
    #expect(store.timers.ids == [1, 2])
    history.redo()
    #expect(store.timers.ids == [1, 2, 3, 4])
  }

  @Test func levelsOfUndoDropsTheOldest() {
    let store = makeStore()
    let history = UndoHistory(levelsOfUndo: 2)
    for title in ["A", "B", "C"] { store.send(.setTitle(title), undoable: history, named: title) }
    #expect(history.undoCount == 2)
    history.undo()
    history.undo()
    #expect(store.title == "A")
    #expect(!history.canUndo)
  }

  @Test func coalescingMakesTypingOneStep() {
    let store = makeStore()
    let history = UndoHistory()
    for name in ["G", "Gr", "Gre", "Gree", "Green"] {
      store.send(.rename(id: 1, name), undoable: history, named: "Rename", coalescing: "rename 1")
    }
    #expect(history.undoCount == 1)
    history.undo()
    #expect(store.timers[id: 1]?.name == "Tea")
  }

  @Test func withoutRecordingAndRemoveAll() {
    let store = makeStore()
    let history = UndoHistory()
    history.withoutRecording { store.send(.setTitle("Loaded"), undoable: history) }
    #expect(!history.canUndo)
    store.send(.setTitle("Edited"), undoable: history)
    history.removeAll()
    #expect(!history.canUndo)
    #expect(store.title == "Edited")
  }

  @Test func addAndRemoveAreUndoneByID() {
    let store = makeStore()
    let history = UndoHistory()
    store.send(.remove(id: 1), undoable: history, named: "Remove")
    store.send(.add(.init(id: 3, name: "New", remaining: 5)), undoable: history, named: "Add")
    history.undo()
    #expect(store.timers.ids == [2])
    history.undo()
    #expect(store.timers.ids == [1, 2])
    #expect(store.timers[id: 1] == Timers.Timer(id: 1, name: "Tea", remaining: 10))
  }

  @Test func filtersRecordOnlyNamedActions() {
    let store = makeStore()
    let history = UndoHistory()
    let undoable = store.undoable(history) { action in
      if case .rename = action { "Rename" } else { nil }
    } coalescing: { action in
      if case .rename(let id, _) = action { id } else { nil }
    }
    undoable.send(.tick(id: 1))
    undoable.send(.rename(id: 1, "A"))
    undoable.send(.rename(id: 1, "AB"))
    #expect(history.undoCount == 1)
    history.undo()
    #expect(store.timers[id: 1]?.name == "Tea")
    #expect(store.timers[id: 1]?.remaining == 9)
  }

  @Test func handWrittenInverses() {
    let store = makeStore()
    let history = UndoHistory()
    store.send(.setTitle("New"))
    history.registerUndo(named: "Title") {
      store.send(.setTitle("Timers"))
    } redo: {
      store.send(.setTitle("New"))
    }
    history.undo()
    #expect(store.title == "Timers")
    history.redo()
    #expect(store.title == "New")
  }

  @Test func historyIsObservable() async {
    let store = makeStore()
    let history = UndoHistory()
    var changes = history.changes.makeAsyncIterator()
    store.send(.setTitle("A"), undoable: history)
    #expect(await changes.next() != nil)
    history.undo()
    #expect(await changes.next() != nil)
  }
}
