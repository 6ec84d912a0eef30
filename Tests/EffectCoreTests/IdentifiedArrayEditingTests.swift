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

/// swift-identified-collections' update-or-add, bulk and end removals, under its names.
@Suite struct IdentifiedArrayUpdatingTests {
  struct Item: Equatable, Identifiable {
    var id: Int
    var title = ""
  }

  @Test func updateOrAppendReplacesByIdOrAppends() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1, title: "a"), Item(id: 2, title: "b")]
    #expect(items.updateOrAppend(Item(id: 1, title: "A")) == Item(id: 1, title: "a"))
    #expect(items.updateOrAppend(Item(id: 3, title: "c")) == nil)
    #expect(items.map(\.title) == ["A", "b", "c"])
    let (original, index) = items.updateOrInsert(Item(id: 0, title: "z"), at: 0)
    #expect(original == nil && index == 0)
    let replaced = items.updateOrInsert(Item(id: 3, title: "C"), at: 0)
    #expect(replaced.originalMember?.title == "c" && replaced.index == 3)
    #expect(items.ids == [0, 1, 2, 3])
    #expect(items.index(id: 3) == 3)
  }

  @Test func appendingManySkipsKnownIds() {
    var items: IdentifiedArrayOf<Item> = [Item(id: 1)]
    items.append(contentsOf: [Item(id: 2), Item(id: 1, title: "again"), Item(id: 3)])
    #expect(items.ids == [1, 2, 3])
    #expect(items[id: 1]?.title == "")
  }

  @Test func removingFromTheEndsAndRanges() {
    var items = IdentifiedArrayOf<Item>(uniqueElements: (1...300).map { Item(id: $0) })
    #expect(items.removeFirst().id == 1)
    #expect(items.removeLast().id == 300)
    items.removeFirst(2)
    items.removeLast(3)
    #expect(items.first?.id == 4 && items.last?.id == 296)
    items.removeSubrange(10..<200)
    #expect(items.count == 103)
    #expect(items.ids.prefix(11) == [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 204])
    #expect(items.remove(Item(id: 204, title: "any title")) == Item(id: 204))
    #expect(items.index(id: 205) == 10)
    items.removeSubrange(5..<5)
    #expect(items.count == 102)
  }

  @Test func uniquingIdsCombinesRepeats() {
    let items = IdentifiedArrayOf<Item>(
      [Item(id: 1, title: "a"), Item(id: 2, title: "b"), Item(id: 1, title: "c")]
    ) { first, second in Item(id: first.id, title: first.title + second.title) }
    #expect(items.map(\.title) == ["ac", "b"])
    let unchecked = IdentifiedArrayOf<Item>(uncheckedUniqueElements: [Item(id: 5), Item(id: 6)])
    #expect(unchecked.ids == [5, 6])
  }
}
