import EffectIdentifier
import Observation
import Undo

/// Hosts one store per open document, each namespaced by its document's id, each with its own
/// undo history. Edits are saved to the files by ``save()``.
@MainActor
final class DocumentsHost: TimerHost {
  @MainActor
  struct Session {
    let path: String
    let store: Store<TimerDocumentFeature.State, TimerDocumentFeature.Action>
    let history: UndoHistory
    var saved: TimerDocument
  }

  private(set) var sessions: [Session]
  /// The documents edited, in order, so that `undo` without a row takes back the latest edit.
  private var undoOrder: [Int] = []
  private var redoOrder: [Int] = []

  /// Opens the documents; create the host inside `withDependencies` to choose the clock.
  /// Documents saved while counting start counting again.
  init(documents: [(path: String, document: TimerDocument)]) {
    sessions = documents.map { path, document in
      let state = TimerDocumentFeature.State(id: document.id, timer: document.timer)
      return Session(
        path: path, store: Store(initialState: state) { TimerDocumentFeature() },
        history: UndoHistory(), saved: document)
    }
    for session in sessions where session.store.timer.status == .counting {
      session.store.send(.timer(.start))
    }
  }

  var rows: [LonelyTimer.State] { sessions.map(\.store.timer) }
  var rowCount: Int { sessions.count }
  func rows(in range: Range<Int>) -> [LonelyTimer.State] {
    range.clamped(to: sessions.indices).map { sessions[$0].store.timer }
  }
  var bell: Bool { sessions.first?.store.bell ?? true }
  var canAddAndRemove: Bool { false }

  func send(_ action: LonelyTimer.Action, row: Int) {
    sessions[row].store.send(.timer(action))
  }

  func startAll() {
    for session in sessions where session.store.timer.status == .ready {
      session.store.send(.timer(.start))
    }
  }

  func stopAll() {
    for session in sessions where session.store.timer.status == .counting {
      session.store.send(.timer(.stop))
    }
  }

  func add(name: String?, duration: Int) {}
  func remove(row: Int) {}

  func rename(row: Int, to name: String) {
    edit(row, .rename(name), named: "Rename")
  }

  func setDuration(row: Int, seconds: Int) {
    edit(row, .setDuration(seconds), named: "Duration")
  }

  private func edit(_ row: Int, _ action: TimerDocumentFeature.Action, named name: String) {
    let session = sessions[row]
    let before = session.history.undoCount
    session.store.send(action, undoable: session.history, named: name)
    guard session.history.undoCount > before else { return }
    undoOrder.append(row)
    redoOrder.removeAll()
  }

  func undo(row: Int?) {
    guard let row = row ?? undoOrder.last, sessions[row].history.canUndo else { return }
    sessions[row].history.undo()
    if let index = undoOrder.lastIndex(of: row) { undoOrder.remove(at: index) }
    redoOrder.append(row)
  }

  func redo(row: Int?) {
    guard let row = row ?? redoOrder.last, sessions[row].history.canRedo else { return }
    sessions[row].history.redo()
    if let index = redoOrder.lastIndex(of: row) { redoOrder.remove(at: index) }
    undoOrder.append(row)
  }

  func setBell(_ isOn: Bool) {
    for session in sessions { session.store.send(.setBell(isOn)) }
  }

  /// Writes the documents that changed since they were last saved.
  func save() -> [String] {
    var problems: [String] = []
    for index in sessions.indices {
      let store = sessions[index].store
      let document = TimerDocument(id: store.id, timer: store.timer)
      guard document != sessions[index].saved else { continue }
      do {
        try DocumentFile.write(document, to: sessions[index].path)
        sessions[index].saved = document
      } catch {
        problems.append("\(Quoted.path(sessions[index].path)): \(error)")
      }
    }
    return problems
  }

  func onNextChange(_ onChange: @escaping @Sendable () -> Void) {
    withObservationTracking {
      for session in sessions { _ = session.store.state }
    } onChange: {
      onChange()
    }
  }
}
