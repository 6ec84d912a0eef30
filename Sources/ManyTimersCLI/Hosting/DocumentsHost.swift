import EffectIdentifier
import Observation
import Undo

/// Hosts one store per open document, each namespaced by its document's id, each with its own
/// undo history. Edits are saved to the files by ``save()``, away from the main actor
/// (``DocumentSaver``), keeping what another program changed in them meanwhile.
@MainActor
final class DocumentsHost: TimerHost {
  @MainActor
  struct Session {
    let path: String
    let store: Store<TimerDocumentFeature.State, TimerDocumentFeature.Action>
    let history: UndoHistory
    /// The document as last handed to the saver.
    var saved: TimerDocument
  }

  private(set) var sessions: [Session]
  /// The documents edited, in order, so that `undo` without a row takes back the latest edit.
  private var undoOrder: [Int] = []
  private var redoOrder: [Int] = []
  private let saver: DocumentSaver
  /// The last save asked for, which the next one waits for.
  private var lastSave: Task<SaveReport, Never>?

  /// Opens the documents; create the host inside `withDependencies` to choose the clock.
  /// Documents saved while counting start counting again.
  init(documents: [(path: String, document: TimerDocument)]) {
    sessions = documents.map { path, document in
      let state = TimerDocumentFeature.State(id: document.id, timer: document.timer)
      return Session(
        path: path, store: Store(initialState: state) { TimerDocumentFeature() },
        history: UndoHistory(levelsOfUndo: UndoBound.levels), saved: document)
    }
    saver = DocumentSaver(documents: documents)
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
    let before = session.store.timer
    let steps = session.history.undoCount
    session.store.send(action, undoable: session.history, named: name)
    // An edit that changed the timer recorded a step; at the bound, the history dropped its
    // oldest one, which this order forgets too.
    guard session.store.timer != before else { return }
    if session.history.undoCount == steps, let oldest = undoOrder.firstIndex(of: row) {
      undoOrder.remove(at: oldest)
    }
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

  /// Writes the documents that changed since they were last saved. The files are written by
  /// the saver, off the main actor, so keys and ticks go on meanwhile; a document another
  /// program changed since is saved with both sides' changes, and takes theirs here too.
  func save(preparingNext: Bool) async -> SaveReport {
    // One save at a time, in order: a save waits until the one before it has finished and
    // taken its outcome (a document it could not write is then in this one).
    let previous = lastSave
    let save = Task { @MainActor in
      _ = await previous?.value
      return await self.saveChanged(preparingNext: preparingNext)
    }
    lastSave = save
    return await save.value
  }

  /// The documents whose timer counts: they change every second, so their next save is
  /// prepared.
  private var countingPaths: [String] {
    sessions.filter { $0.store.timer.status == .counting }.map(\.path)
  }

  func prepareSaves() {
    let counting = countingPaths
    guard !counting.isEmpty else { return }
    // In the order of saves, as one of them.
    let previous = lastSave
    lastSave = Task { @MainActor [saver] in
      _ = await previous?.value
      await saver.prepare(counting)
      return SaveReport()
    }
  }

  private func saveChanged(preparingNext: Bool) async -> SaveReport {
    var requests: [(index: Int, path: String, document: TimerDocument)] = []
    for index in sessions.indices {
      let store = sessions[index].store
      let document = TimerDocument(id: store.id, timer: store.timer)
      guard document != sessions[index].saved else { continue }
      requests.append((index, sessions[index].path, document))
    }
    let preparing = preparingNext ? countingPaths : []
    var previous: [Int: TimerDocument] = [:]
    for request in requests {
      previous[request.index] = sessions[request.index].saved
      sessions[request.index].saved = request.document
    }
    let outcomes = await saver.save(
      requests.map { ($0.path, $0.document) }, preparing: preparing)
    var report = SaveReport()
    for (request, outcome) in zip(requests, outcomes) {
      let path = Quoted.path(request.path)
      switch outcome {
      case .saved:
        break
      case .interrupted:
        if sessions[request.index].saved == request.document {
          sessions[request.index].saved = previous[request.index] ?? request.document
        }
      case .failed(let error):
        // Tried again at the next save.
        if sessions[request.index].saved == request.document {
          sessions[request.index].saved = previous[request.index] ?? request.document
        }
        report.problems.append("\(path): \(error)")
      case .merged(let merge):
        adopt(merge.document, over: request.document, in: request.index)
        if !merge.taken.isEmpty {
          report.notes.append(
            "note: \(path): another program changed it while it was open here; its "
              + "\(merge.taken.joined(separator: " and ")) kept with your changes")
        }
        if !merge.overridden.isEmpty {
          report.notes.append(
            "warning: \(path): another program changed its "
              + "\(merge.overridden.joined(separator: " and ")) too; yours replaced theirs")
        }
      }
    }
    return report
  }

  func interruptSaving() {
    saver.interrupt()
  }

  /// Takes into a document's store what a merged save wrote that it did not send: the other
  /// program's changes, over whatever the store did since it sent `sent`.
  private func adopt(_ written: TimerDocument, over sent: TimerDocument, in index: Int) {
    let store = sessions[index].store
    let now = TimerDocument(id: store.id, timer: store.timer)
    let target = DocumentMerge(base: sent, ours: now, theirs: written).document.timer
    if store.timer.status == .counting, target.status != .counting {
      store.send(.timer(.stop))
    }
    store.restoreState { state in
      state.timer.name = target.name
      state.timer.duration = target.duration
      state.timer.remaining = target.remaining
      state.timer.status = target.status == .counting ? state.timer.status : target.status
    }
    if target.status == .counting, store.timer.status != .counting {
      store.send(.timer(.start))
    }
    if sessions[index].saved == sent { sessions[index].saved = written }
  }

  func watchRows(_ rows: [Int], onChange: @escaping @Sendable (Int) -> Void)
    -> [LonelyTimer.State]
  {
    rows.map { row in
      let store = sessions[row].store
      return withObservationTracking {
        store.timer
      } onChange: {
        onChange(row)
      }
    }
  }

  func watchList(_ onChange: @escaping @Sendable () -> Void) {
    // Documents do not come or go while open: only the bell can change the list's look.
    guard let first = sessions.first?.store else { return }
    withObservationTracking {
      _ = first.bell
    } onChange: {
      onChange()
    }
  }

}
