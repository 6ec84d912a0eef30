/// The rows judged against a root send, printed once more against the direct call of a reducer,
/// not judged.
///
/// ARCHITECTURE.md's budgets for these rows are ratios to a send, set when a send was about nine
/// times a direct call. Issue 44 asked for a send within 6× a direct call, the derived paths sped
/// up with it; a send is now under 2×, so the same ratios bound those paths several times more
/// tightly than they did. Printed beside them: each path against the direct call, with the budget
/// its ratio had at a send of 6× (the row's budget times six), so that the absolute cost of a
/// nested, row or shared send can be read against one fixed baseline.
enum DirectCallRows {
  /// The judged row's name, the printed row's, and the judged row's budget in sends.
  static let derived: [(name: String, label: String, budget: Double)] = [
    ("nested-send", "nested-send", 8), ("nested-send-generic", "nested-generic", 8),
    ("row-send (10000 rows)", "row-send", 3), ("shared-read-write", "shared-read-write", 3),
  ]

  /// The printed rows for those of `rows` that ran, when the send row ran too.
  static func rows(after rows: [Row]) -> [Row] {
    guard let direct = rows.first(where: { $0.name == "send" })?.baseline else { return [] }
    return derived.compactMap { derived in
      guard let row = rows.first(where: { $0.name == derived.name }) else { return nil }
      return Row(
        name: "\(derived.label) vs direct call", ours: row.ours, baseline: direct,
        budget: derived.budget * 6, note: "printed: its budget at a send of 6× a direct call",
        judged: false)
    }
  }
}
