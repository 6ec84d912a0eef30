@_spi(Storage) import EffectCore
import Foundation
import Testing

/// An identified array stores its elements in chunks, so that changing one element of a copy
/// copies one chunk: these tests check it behaves as one array across chunk boundaries, and
/// that a copy shares the chunks it did not change.
@Suite struct IdentifiedArrayStorageTests {
  struct Row: Equatable, Hashable, Codable, Identifiable {
    var id: Int
    var name: String
  }

  private func rows(_ count: Int) -> IdentifiedArrayOf<Row> {
    IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0, name: "Row \($0)") })
  }

  /// Checks `array` against `model` element by element, by position and by id.
  private func expectSame(
    _ array: IdentifiedArrayOf<Row>, _ model: [Row], _ step: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(array.count == model.count, "\(step)", sourceLocation: sourceLocation)
    #expect(Array(array) == model, "\(step)", sourceLocation: sourceLocation)
    #expect(array.elements == model, "\(step)", sourceLocation: sourceLocation)
    #expect(array.ids == model.map(\.id), "\(step)", sourceLocation: sourceLocation)
    for (position, row) in model.enumerated() where array.index(id: row.id) != position {
      Issue.record("\(step): row \(row.id) is not at \(position)", sourceLocation: sourceLocation)
      return
    }
    let chunks = array.elementChunks
    #expect(
      chunks.dropLast().allSatisfy { $0.count == chunks[0].count } && chunks.last?.isEmpty != true,
      "\(step): chunks of \(chunks.map(\.count))", sourceLocation: sourceLocation)
  }

  @Test(arguments: [0, 1, 127, 128, 129, 255, 256, 257, 1_000])
  func insertingAndRemovingAtEveryChunkBoundaryKeepsTheOrder(count: Int) {
    for position in Set([0, 1, count / 2, max(0, count - 1), count, 127, 128, 129, 256])
    where position <= count {
      var array = rows(count)
      var model = Array(array)
      let row = Row(id: -1, name: "Inserted")
      array.insert(row, at: position)
      model.insert(row, at: position)
      expectSame(array, model, "insert at \(position) of \(count)")
      array.remove(at: position)
      model.remove(at: position)
      expectSame(array, model, "remove at \(position) of \(count + 1)")
    }
  }

  @Test(arguments: 1...5)
  func scatteredEditsMatchAnArray(seed: Int) {
    // Positions and kinds of edit spread by multiplying by primes: deterministic, and they land
    // on every part of every chunk.
    var draws = seed
    func draw(_ range: Range<Int>) -> Int {
      draws = (draws &* 7_919 &+ 104_729) % 1_000_003
      return range.lowerBound + draws % range.count
    }
    func draw(_ range: ClosedRange<Int>) -> Int { draw(range.lowerBound..<range.upperBound + 1) }
    var array = rows(300)
    var model = Array(array)
    var nextID = 300
    for step in 0..<600 {
      switch draw(0..<6) {
      case 0:
        let row = Row(id: nextID, name: "Appended")
        nextID += 1
        array.append(row)
        model.append(row)
      case 1:
        let row = Row(id: nextID, name: "Inserted")
        nextID += 1
        let position = draw(0...model.count)
        array.insert(row, at: position)
        model.insert(row, at: position)
      case 2 where !model.isEmpty:
        let position = draw(0..<model.count)
        #expect(array.remove(at: position) == model.remove(at: position))
      case 3 where !model.isEmpty:
        let position = draw(0..<model.count)
        array[position].name += "!"
        model[position].name += "!"
      case 4 where !model.isEmpty:
        let id = model[draw(0..<model.count)].id
        array[id: id]?.name = "Renamed \(step)"
        model[model.firstIndex { $0.id == id }!].name = "Renamed \(step)"
      default:
        let copy = array
        array.removeAll { $0.id % 7 == step % 7 }
        model.removeAll { $0.id % 7 == step % 7 }
        #expect(copy != array || copy.count == model.count)
      }
      if step % 50 == 0 { expectSame(array, model, "seed \(seed), step \(step)") }
    }
    expectSame(array, model, "seed \(seed), the end")
  }

  @Test func changingOneElementOfACopyCopiesOneChunk() {
    let original = rows(10_000)
    var copy = original
    copy[id: 5_000]?.name = "Renamed"
    let (old, new) = (original.elementChunks, copy.elementChunks)
    let shared = zip(old, new).filter { a, b in
      let start = a.withUnsafeBufferPointer(\.baseAddress)
      return start == b.withUnsafeBufferPointer(\.baseAddress)
    }
    #expect(shared.count == old.count - 1)
    #expect(original[id: 5_000]?.name == "Row 5000")
    #expect(copy[id: 5_000]?.name == "Renamed")
    #expect(original != copy)
    copy[id: 5_000]?.name = "Row 5000"
    #expect(original == copy)
    #expect(original.hashValue == copy.hashValue)
  }

  @Test func aShortListHoldsNoRoomForAWholeChunk() {
    var array = rows(3)
    array.append(Row(id: 3, name: "Row 3"))
    #expect(array.elementChunks.map(\.capacity).allSatisfy { $0 < 64 })
    #expect(rows(0).elementChunks.isEmpty)
  }

  @Test func encodesAndDecodesAsAPlainArray() throws {
    let array = rows(300)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(array)
    #expect(data == (try encoder.encode(Array(array))))
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: data) == array)
  }
}
