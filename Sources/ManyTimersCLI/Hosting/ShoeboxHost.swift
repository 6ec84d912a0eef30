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

  /// The timers, read without observation.
  private var timers: IdentifiedArrayOf<Identified<Int, LonelyTimer.State>> {
    store.withState(\.timers)
  }

  var rows: [LonelyTimer.State] { timers.map(\.value) }
  var rowCount: Int { timers.count }
  func rows(in range: Range<Int>) -> [LonelyTimer.State] {
    let timers = timers
    return range.clamped(to: 0..<timers.count).map { timers[$0].value }
  }
  var bell: Bool { store.withState(\.bell) }
  var canAddAndRemove: Bool { true }

  private func id(ofRow row: Int) -> Int { timers[row].id }

  func send(_ action: LonelyTimer.Action, row: Int) {
    store.send(.timers(id: id(ofRow: row), action: action))
  }

  func startAll() { store.send(.startAll) }
  func stopAll() { store.send(.stopAll) }

  func add(name: String?, duration: Int) {
    store.send(.add(name: name, duration: duration))
    guard let added = timers.last else { return }
    // Adding and removing rows are undone with inverse actions, so that the reducer starts and
    // cancels the rows' effects; field edits are undone as patches.
    let row = TakenRow(added, at: timers.count - 1)
    history.registerUndo(named: "Add Timer") { [store] in
      row.take(from: store)
    } redo: { [store] in
      row.putBack(into: store)
    }
  }

  func remove(row index: Int) {
    let row = TakenRow(timers[index], at: index)
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
  func save(preparingNext: Bool) async -> SaveReport { SaveReport() }
  func prepareSaves() {}
  func interruptSaving() {}

  func watchRows(_ rows: [Int], onChange: @escaping @Sendable (Int) -> Void)
    -> [LonelyTimer.State]
  {
    let stores = store.scope(state: \.timers, action: /Shoebox.Action.timers)
    return rows.map { row in
      let timer = stores[row]
      return withObservationTracking {
        timer.value
      } onChange: {
        onChange(row)
      }
    }
  }

  func watchList(_ onChange: @escaping @Sendable () -> Void) {
    withObservationTracking {
      _ = store.scope(state: \.timers, action: /Shoebox.Action.timers).ids
      _ = store.bell
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
    let timers = store.withState(\.timers)
    guard let index = timers.index(id: row.id) else { return }
    row = timers[index]
    position = index
    store.send(.remove(id: row.id))
  }

  /// Puts the row back where it was taken from (a counting one starts again).
  func putBack(into store: Store<Shoebox.State, Shoebox.Action>) {
    guard store.withState({ $0.timers.index(id: row.id) }) == nil else { return }
    store.send(.insert(row, at: position))
  }
}
