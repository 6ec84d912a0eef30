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

  /// Many rows are stored in several chunks: a step finds its row in whichever chunk holds it,
  /// and undoing adds and removes in the middle shifts rows across chunks correctly.
  @Test func stepsOnManyRowsTouchOnlyTheirRow() {
    let rows = (0..<1_000).map { Timers.Timer(id: $0, name: "Timer \($0)", remaining: $0) }
    let initial = Timers.State(timers: IdentifiedArray(uniqueElements: rows))
    let store = Store(initialState: initial) { Timers(clock: TestClock()) }
    let history = UndoHistory()
    for id in [0, 127, 128, 129, 500, 999] {
      store.send(.rename(id: id, "Renamed \(id)"), undoable: history)
    }
    store.send(.remove(id: 300), undoable: history)
    store.send(.add(Timers.Timer(id: 1_000, name: "New", remaining: 1)), undoable: history)
    #expect(store.timers.count == 1_000)
    #expect(store.timers[id: 128]?.name == "Renamed 128")
    while history.canUndo { history.undo() }
    #expect(store.state == initial)
    while history.canRedo { history.redo() }
    #expect(store.timers[id: 300] == nil)
    #expect(store.timers.last?.id == 1_000)
    #expect(store.timers.index(id: 301) == 300)
    #expect(
      store.timers.filter { $0.name.hasPrefix("Renamed") }.map(\.id) == [
        0, 127, 128, 129, 500, 999,
      ])
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
