import EffectIdentifier
import Observation
import Undo

/// Hosts the timers in one `Shoebox` store, with one undo history for its edits.
@MainActor
final class ShoeboxHost: TimerHost {
  let store: Store<Shoebox.State, Shoebox.Action>
  /// The edits' history, bounded (``UndoBound``).
  let history = UndoHistory(levelsOfUndo: UndoBound.levels)

  /// Creates the host; create it inside `withDependencies` to choose the clock.
  init(state: Shoebox.State) {
    store = Store(initialState: state) { Shoebox() }
  }

  var rows: [LonelyTimer.State] { store.timers.map(\.value) }
  var rowCount: Int { store.timers.count }
  func rows(in range: Range<Int>) -> [LonelyTimer.State] {
    let timers = store.timers
    return range.clamped(to: 0..<timers.count).map { timers[$0].value }
  }
  var bell: Bool { store.bell }
  var canAddAndRemove: Bool { true }

  private func id(ofRow row: Int) -> Int { store.timers[row].id }

  func send(_ action: LonelyTimer.Action, row: Int) {
    store.send(.timers(id: id(ofRow: row), action: action))
  }

  func startAll() { store.send(.startAll) }
  func stopAll() { store.send(.stopAll) }

  func add(name: String?, duration: Int) {
    store.send(.add(name: name, duration: duration))
    guard let added = store.timers.last else { return }
    // Adding and removing rows are undone with inverse actions, so that the reducer starts and
    // cancels the rows' effects; field edits are undone as patches.
    let row = TakenRow(added, at: store.timers.count - 1)
    history.registerUndo(named: "Add Timer") { [store] in
      row.take(from: store)
    } redo: { [store] in
      row.putBack(into: store)
    }
  }

  func remove(row index: Int) {
    let row = TakenRow(store.timers[index], at: index)
    row.take(from: store)
    history.registerUndo(named: "Remove Timer") { [store] in
      row.putBack(into: store)
    } redo: { [store] in
      row.take(from: store)
    }
  }

  func rename(row: Int, to name: String) {
    store.send(.rename(id: id(ofRow: row), name: name), undoable: history, named: "Rename")
  }

  func setDuration(row: Int, seconds: Int) {
    store.send(
      .setDuration(id: id(ofRow: row), seconds: seconds), undoable: history, named: "Duration")
  }

  func undo(row: Int?) { history.undo() }
  func redo(row: Int?) { history.redo() }
  func setBell(_ isOn: Bool) { store.send(.setBell(isOn)) }
  func save() async -> SaveReport { SaveReport() }
  func interruptSaving() {}

  func onNextChange(_ onChange: @escaping @Sendable () -> Void) {
    withObservationTracking {
      _ = store.state
    } onChange: {
      onChange()
    }
  }
}

/// A row that an add or a remove takes away and puts back, as it was when it was last taken:
/// an undone add redone, or a removal undone after its redo, brings back the timer with the
/// count it had when it went (and counting again if it was), not as it was first recorded.
@MainActor
private final class TakenRow {
  private var row: Identified<Int, LonelyTimer.State>
  private var position: Int

  init(_ row: Identified<Int, LonelyTimer.State>, at position: Int) {
    self.row = row
    self.position = position
  }

  /// Removes the row through the reducer (which cancels its timer), keeping it as it is now.
  func take(from store: Store<Shoebox.State, Shoebox.Action>) {
    guard let index = store.timers.index(id: row.id) else { return }
    row = store.timers[index]
    position = index
    store.send(.remove(id: row.id))
  }

  /// Puts the row back where it was taken from (a counting one starts again).
  func putBack(into store: Store<Shoebox.State, Shoebox.Action>) {
    guard store.timers.index(id: row.id) == nil else { return }
    store.send(.insert(row, at: position))
  }
}
