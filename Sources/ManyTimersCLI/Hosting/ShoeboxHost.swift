import EffectIdentifier
import Observation
import Undo

/// Hosts the timers in one `Shoebox` store, with one undo history for its edits.
@MainActor
final class ShoeboxHost: TimerHost {
  let store: Store<Shoebox.State, Shoebox.Action>
  let history = UndoHistory()

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
    history.registerUndo(named: "Add Timer") { [store] in
      store.send(.remove(id: added.id))
    } redo: { [store] in
      store.send(.insert(added, at: store.timers.count))
    }
  }

  func remove(row: Int) {
    let removed = store.timers[row]
    store.send(.remove(id: removed.id))
    history.registerUndo(named: "Remove Timer") { [store] in
      store.send(.insert(removed, at: row))
    } redo: { [store] in
      store.send(.remove(id: removed.id))
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
  func save() -> [String] { [] }

  func onNextChange(_ onChange: @escaping @Sendable () -> Void) {
    withObservationTracking {
      _ = store.state
    } onChange: {
      onChange()
    }
  }
}
