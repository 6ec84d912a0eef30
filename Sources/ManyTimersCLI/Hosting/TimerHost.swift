/// What the screen and scripts drive: a set of timers, whether one shoebox store hosts them or
/// one store per document does. Rows are 0-based here; scripts and the screen count from 1.
@MainActor
protocol TimerHost: AnyObject, Sendable {
  /// The timers, in order.
  var rows: [LonelyTimer.State] { get }
  /// How many timers there are, without copying them.
  var rowCount: Int { get }
  /// The timers in `range`: the screen copies only the rows it shows.
  func rows(in range: Range<Int>) -> [LonelyTimer.State]
  /// The shared bell setting.
  var bell: Bool { get }
  /// Whether `add` and `remove` are available (not in document mode).
  var canAddAndRemove: Bool { get }

  func send(_ action: LonelyTimer.Action, row: Int)
  func startAll()
  func stopAll()
  func add(name: String?, duration: Int)
  func remove(row: Int)
  func rename(row: Int, to name: String)
  func setDuration(row: Int, seconds: Int)
  /// Undoes the last edit (of `row`'s document in document mode, when given).
  func undo(row: Int?)
  func redo(row: Int?)
  func setBell(_ isOn: Bool)
  /// Writes the open documents that changed, away from the main actor; returns one message per
  /// document that could not be saved, and what it did with another program's changes.
  ///
  /// With `preparingNext`, then makes the files the next save of the counting documents will
  /// write (the screen's saves, every two seconds, so that quitting only fills and renames
  /// them); without, removes any made before: the last save leaves no file behind.
  func save(preparingNext: Bool) async -> SaveReport
  /// Makes, in the background, the files the first save of the counting documents writes into
  /// (as `save(preparingNext:)` does for the next), saving nothing: the screen calls it as it
  /// starts, so that quitting before its first save creates no file either.
  func prepareSaves()
  /// Stops the save being written, if any, where it can (its documents are saved by the next
  /// one): quitting saves the newest values at once instead of after an older batch.
  func interruptSaving()
  /// Reads the timers at `rows` through their stores, as a view does: `onChange(row)` is
  /// called once, at the next change of that timer (not of any other), after it lands.
  func watchRows(_ rows: [Int], onChange: @escaping @Sendable (Int) -> Void)
    -> [LonelyTimer.State]
  /// Calls `onChange` once, when timers come, go or move, or the bell changes.
  func watchList(_ onChange: @escaping @Sendable () -> Void)
}

extension TimerHost {
  /// The timer at `index`.
  func row(_ index: Int) -> LonelyTimer.State {
    rows(in: index..<(index + 1))[0]
  }

  /// The message for a timer number that does not exist, or `nil` when it does (1-based).
  func problem(withTimer number: Int) -> String? {
    let count = rowCount
    guard !(1...max(1, count)).contains(number) || count == 0 else { return nil }
    return count == 0
      ? "no timer \(number) (there are no timers)"
      : "no timer \(number) (timers are numbered 1 to \(count))"
  }
}

/// What a save did: the documents it could not save, and notes on those another program
/// changed meanwhile (their changes were kept).
struct SaveReport: Equatable, Sendable {
  /// `FILE: reason`, one per document not saved.
  var problems: [String] = []
  /// `note: FILE: …` or `warning: FILE: …`, one per document merged with another program's
  /// changes.
  var notes: [String] = []
}

/// How many steps each undo history keeps: the oldest are dropped beyond it, as
/// `UndoManager.levelsOfUndo` does, so a long session or script holds bounded memory.
enum UndoBound {
  static let levels = 1_000
}

extension TimerHost {
  /// Writes the open documents that changed, and leaves no file made ahead for a next save:
  /// ``save(preparingNext:)`` without preparing.
  func save() async -> SaveReport { await save(preparingNext: false) }
}
