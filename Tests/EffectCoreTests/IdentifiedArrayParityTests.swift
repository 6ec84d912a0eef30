import EffectCore
import Foundation
import Testing

/// swift-identified-collections' names and texts that its tests check: copying from an
/// identified array or its slice, `update(_:at:)`, `debugDescription`, and where a decoded
/// array repeats an id.
@Suite struct IdentifiedArrayParityTests {
  struct Row: Identifiable, Equatable, Codable {
    var id: Int
    var title: String
  }

  /// A number that is its own id, coded as a plain number (the tests' `Int` in
  /// swift-identified-collections, which makes `Int` identifiable).
  struct Number: Identifiable, Hashable, Codable, ExpressibleByIntegerLiteral {
    var id: Int
    init(integerLiteral value: Int) { id = value }
    init(from decoder: any Decoder) throws { id = try Int(from: decoder) }
    func encode(to encoder: any Encoder) throws { try id.encode(to: encoder) }
  }

  @Test func initFromAnIdentifiedArrayOrItsSlice() {
    let array: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(IdentifiedArray(array) == [1, 2, 3])
    #expect(IdentifiedArray(array[...]) == [1, 2, 3])
    let rows: IdentifiedArrayOf<Row> = [
      Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c"),
    ]
    let tail = IdentifiedArray(rows[1...])
    #expect(tail.ids == [2, 3])
    #expect(tail[id: 3]?.title == "c")
  }

  @Test func updateAtReplacesTheElementOfTheSameID() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
    let replaced = rows.update(Row(id: 2, title: "B"), at: 1)
    #expect(replaced == Row(id: 2, title: "b"))
    #expect(rows[id: 2]?.title == "B")
    #expect(rows.ids == [1, 2])
    var numbers: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(numbers.update(2, at: 1) == 2)
    #expect(numbers == [1, 2, 3])
  }

  @Test func debugDescriptionNamesTheElementType() {
    let array = IdentifiedArray<Int, Int>(uniqueElements: [1, 2, 3], id: \.self)
    #expect(array.debugDescription == "IdentifiedArray<Int>([1, 2, 3])")
    let strings: IdentifiedArray<String, String> = IdentifiedArray(
      uniqueElements: ["a"], id: \.self)
    #expect(strings.debugDescription == #"IdentifiedArray<String>(["a"])"#)
  }

  @Test func aDuplicateIDSaysWhereItIs() throws {
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Number>.self, from: Data("[1,1,1]".utf8))
    }
    guard case .dataCorrupted(let context) = try #require(error) else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription == "Duplicate element id 1 at offset 1")
    let rows = #"[{"id":1,"title":"a"},{"id":2,"title":"b"},{"id":2,"title":"c"}]"#
    let rowError = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: Data(rows.utf8))
    }
    guard case .dataCorrupted(let rowContext) = try #require(rowError) else { return }
    #expect(rowContext.debugDescription == "Duplicate element id 2 at offset 2")
  }

  @Test func decodingRoundTrips() throws {
    let array: IdentifiedArrayOf<Number> = [1, 2, 3]
    let data = try JSONEncoder().encode(array)
    #expect(String(decoding: data, as: UTF8.self) == "[1,2,3]")
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Number>.self, from: data) == array)
  }
}
