import EffectCore
import Testing

/// Integer ids are placed in an identified array's index by a short mix instead of SipHash:
/// every integer type finds its rows, through removals and insertions, whatever the ids'
/// pattern (sequential, strided by powers of two, negative, at the type's extremes).
@Suite struct IDIndexTests {
  struct Row<ID: Hashable & Sendable>: Identifiable, Equatable, Sendable {
    let id: ID
    var title = ""
  }

  func check<ID: Hashable & Sendable>(_ ids: [ID]) {
    var rows = IdentifiedArray(uniqueElements: ids.map { Row(id: $0) })
    for (offset, id) in ids.enumerated() { #expect(rows.index(id: id) == offset) }
    // Every other row removed: the rest are still found, at their new places.
    for id in ids.enumerated().filter({ $0.offset % 2 == 0 }).map(\.element) {
      rows.remove(id: id)
    }
    let kept = ids.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    #expect(rows.ids == kept)
    for (offset, id) in kept.enumerated() { #expect(rows.index(id: id) == offset) }
    for id in ids.enumerated().filter({ $0.offset % 2 == 0 }).map(\.element) {
      #expect(rows[id: id] == nil)
    }
    // Put back, at the front.
    rows.insert(Row(id: ids[0]), at: 0)
    #expect(rows.index(id: ids[0]) == 0)
    #expect(rows.index(id: kept[0]) == 1)
  }

  @Test func everyIntegerTypeFindsItsRows() {
    check(Array(0..<400))
    check((0..<400).map { $0 << 20 })
    check((0..<400).map { -$0 * 7 - 1 })
    check([Int.min, Int.max, 0, -1, 1])
    check((0..<400).map { UInt($0) << 40 })
    check([UInt.max, 0, 1])
    check((0..<400).map { Int64($0) * 1_000_003 })
    check([UInt64.max, UInt64.max - 1, 0])
  }

  @Test func otherIDsHashAsTheyAlwaysDo() {
    check((0..<200).map { "row \($0)" })
    check((0..<200).map { Int32($0) - 250 })
  }
}
