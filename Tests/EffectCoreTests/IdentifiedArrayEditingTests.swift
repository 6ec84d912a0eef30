import EffectCore
import Foundation
import Testing

/// The editing a list's rows need: remove and move by offsets (an `IndexSet` from a list, or any
/// sequence of `Int`), and a `filter` that keeps an identified array.
@Suite struct IdentifiedArrayEditingTests {
  struct Todo: Equatable, Identifiable {
    var id: Int
    var isDone = false
  }

  private func todos(_ ids: Int...) -> IdentifiedArrayOf<Todo> {
    IdentifiedArray(uniqueElements: ids.map { Todo(id: $0) })
  }

  @Test func removeAtOffsetsTakesAnyOffsets() {
    var rows = todos(1, 2, 3, 4, 5)
    rows.remove(atOffsets: [3, 0])
    #expect(rows.ids == [2, 3, 5])
    #expect(rows[id: 1] == nil && rows[id: 4] == nil)
    #expect(rows.index(id: 5) == 2)
    rows.remove(atOffsets: 1..<3)
    #expect(rows.ids == [2])
    rows.remove(atOffsets: [Int]())
    #expect(rows.ids == [2])
  }

  @Test func removeAndMoveTakeAnIndexSet() {
    var rows = todos(1, 2, 3, 4, 5)
    rows.remove(atOffsets: IndexSet([1, 2]))
    #expect(rows.ids == [1, 4, 5])
    rows.move(fromOffsets: IndexSet(integer: 0), toOffset: 3)
    #expect(rows.ids == [4, 5, 1])
    #expect(rows.index(id: 1) == 2)
  }

  @Test func moveFromOffsetsTakesRanges() {
    var rows = todos(1, 2, 3, 4, 5)
    rows.move(fromOffsets: 3..<5, toOffset: 0)
    #expect(rows.ids == [4, 5, 1, 2, 3])
    rows.move(fromOffsets: [0], toOffset: 2)
    #expect(rows.ids == [5, 4, 1, 2, 3])
    #expect(rows[id: 4] == Todo(id: 4))
  }

  @Test func filterKeepsAnIdentifiedArray() {
    var rows = todos(1, 2, 3, 4)
    rows[id: 2]?.isDone = true
    rows[id: 4]?.isDone = true
    let done = rows.filter(\.isDone)
    #expect(done.ids == [2, 4])
    #expect(done[id: 4]?.isDone == true)
    let doneArray: [Todo] = rows.filter(\.isDone)
    #expect(doneArray.map(\.id) == [2, 4])
  }

  /// Every id is found at its position.
  private func expectIndexed(
    _ rows: IdentifiedArrayOf<Todo>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (position, row) in rows.enumerated() {
      #expect(rows.index(id: row.id) == position, sourceLocation: sourceLocation)
    }
    #expect(rows.ids == rows.map(\.id), sourceLocation: sourceLocation)
  }

  @Test func reorderingInPlaceKeepsIdsAndIndex() {
    var rows = todos(1, 2, 3, 4, 5)
    rows.swapAt(0, 4)
    #expect(rows.ids == [5, 2, 3, 4, 1])
    expectIndexed(rows)
    rows.reverse()
    #expect(rows.ids == [1, 4, 3, 2, 5])
    expectIndexed(rows)
    let pivot = rows.partition { $0.id.isMultiple(of: 2) }
    #expect(Set(rows.ids[..<pivot]) == [1, 3, 5])
    #expect(Set(rows.ids[pivot...]) == [2, 4])
    expectIndexed(rows)
    rows.shuffle()
    #expect(Set(rows.ids) == [1, 2, 3, 4, 5])
    expectIndexed(rows)
  }

  @Test func sortingComparableElements() {
    struct Tag: Comparable, Identifiable {
      var id: String
      static func < (lhs: Tag, rhs: Tag) -> Bool { lhs.id < rhs.id }
    }
    var tags: IdentifiedArrayOf<Tag> = [Tag(id: "c"), Tag(id: "a"), Tag(id: "b")]
    tags.sort()
    #expect(tags.ids == ["a", "b", "c"])
    #expect(tags.index(id: "c") == 2)
  }

  @Test func assigningAnElementAtAPosition() {
    var rows = todos(1, 2, 3)
    rows[1] = Todo(id: 2, isDone: true)
    #expect(rows[id: 2]?.isDone == true)
    // Another id replaces the element there.
    rows[1] = Todo(id: 9)
    #expect(rows.ids == [1, 9, 3])
    #expect(rows[id: 2] == nil)
    expectIndexed(rows)
    // An id found elsewhere trades places first: ids stay unique.
    rows[0] = Todo(id: 3, isDone: true)
    #expect(rows.ids == [3, 9, 1])
    #expect(rows[id: 3]?.isDone == true)
    expectIndexed(rows)
  }
}
