/// What the screen and scripts drive: a set of timers, whether one shoebox store hosts them or
/// one store per document does. Rows are 0-based here; scripts and the screen count from 1.
@MainActor
protocol TimerHost: AnyObject, Sendable {
  /// The timers, in order.
  var rows: [LonelyTimer.State] { get }
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
  /// Writes every open document; returns one message per document that could not be saved.
  func save() -> [String]
  /// One element per batch of changes, for redrawing.
  func changes() -> AsyncStream<Void>
}

extension TimerHost {
  /// The message for a timer number that does not exist, or `nil` when it does (1-based).
  func problem(withTimer number: Int) -> String? {
    guard !(1...max(1, rows.count)).contains(number) || rows.isEmpty else { return nil }
    return rows.isEmpty
      ? "no timer \(number) (there are no timers)"
      : "no timer \(number) (timers are numbered 1 to \(rows.count))"
  }
}
