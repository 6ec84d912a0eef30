import Testing

@testable import EffectCore

/// The edit journal that lets a list's observers find the rows an action changed.
@Suite struct EditJournalTests {
  struct Row: Identifiable, Equatable {
    let id: Int
    var title = ""
  }

  private func edits(
    of rows: IdentifiedArrayOf<Row>, since stamp: UInt64
  ) -> [String]? {
    var found: [String] = []
    let known = rows.forEachEdit(since: stamp) { edit in
      switch edit {
      case .element(let id): found.append("element \(id)")
      case .order: found.append("order")
      case .removed(let id): found.append("removed \(id)")
      }
    }
    return known ? found : nil
  }

  @Test func copiesShareAStampAndAnEditGivesANewOne() {
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    var copy = rows
    #expect(copy.editStamp == rows.editStamp)
    copy[id: 1]?.title = "x"
    #expect(copy.editStamp != rows.editStamp)
    let other: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    #expect(other.editStamp != rows.editStamp)
  }

  @Test func theEditsSinceAStampAreListedInOrder() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    let seen = rows.editStamp
    rows[id: 2]?.title = "two"
    rows.append(Row(id: 4))
    rows.remove(id: 1)
    rows[0].title = "first"
    rows.swapAt(0, 1)
    #expect(
      edits(of: rows, since: seen) == [
        "element 2", "order", "removed 1", "element 2", "order",
      ])
    #expect(edits(of: rows, since: rows.editStamp) == [])
  }

  @Test func tooManyEditsOrAnotherLineageAreUnknown() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1)]
    let seen = rows.editStamp
    for index in 0..<20 { rows[id: 1]?.title = "\(index)" }
    #expect(edits(of: rows, since: seen) == nil)
    let unrelated: IdentifiedArrayOf<Row> = [Row(id: 1)]
    #expect(edits(of: rows, since: unrelated.editStamp) == nil)
    var rebuilt = rows
    rebuilt.sort { $0.id < $1.id }
    #expect(edits(of: rebuilt, since: rows.editStamp) == nil)
  }

  @Test func theRingKeepsTheLatestEdits() {
    var rows: IdentifiedArrayOf<Row> = (0..<40).map { Row(id: $0) }.identified
    for id in 0..<30 { rows[id: id]?.title = "x" }
    let seen = rows.editStamp
    for id in 30..<35 { rows[id: id]?.title = "y" }
    #expect(edits(of: rows, since: seen) == (30..<35).map { "element \($0)" })
  }

  /// An array no copy shares takes the next stamp of its lineage; copies that edit go their own
  /// ways, and no two values ever hold one stamp with different elements.
  @Test func copiesThatEditNeverShareAStamp() {
    var original: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    original[id: 1]?.title = "a"
    original[id: 2]?.title = "b"
    let shared = original.editStamp
    var copy = original
    original[id: 1]?.title = "original"
    copy[id: 2]?.title = "copy"
    #expect(original.editStamp != shared)
    #expect(copy.editStamp != shared)
    #expect(copy.editStamp != original.editStamp)
    #expect(edits(of: original, since: shared) == ["element 1"])
    #expect(edits(of: copy, since: shared) == ["element 2"])
    // Each goes on alone now: still apart, each with its own history.
    let (originalSeen, copySeen) = (original.editStamp, copy.editStamp)
    original[id: 2]?.title = "original 2"
    copy[id: 1]?.title = "copy 1"
    #expect(copy.editStamp != original.editStamp)
    #expect(edits(of: original, since: originalSeen) == ["element 2"])
    #expect(edits(of: copy, since: copySeen) == ["element 1"])
    #expect(edits(of: original, since: copySeen) == nil)
  }

  @Test func equalityIgnoresTheJournal() {
    var a: IdentifiedArrayOf<Row> = [Row(id: 1)]
    let b: IdentifiedArrayOf<Row> = [Row(id: 1)]
    a[id: 1]?.title = ""
    #expect(a.editStamp != b.editStamp)
    #expect(a == b)
  }
}

extension Array where Element == EditJournalTests.Row {
  fileprivate var identified: IdentifiedArrayOf<EditJournalTests.Row> {
    IdentifiedArray(uniqueElements: self)
  }
}
