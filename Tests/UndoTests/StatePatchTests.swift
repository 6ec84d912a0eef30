import Testing

@testable import Undo

@Suite struct StatePatchTests {
  struct Doc: Codable, Equatable {
    var name: String
    var tags: [String]
    var note: String?
    var ratio: Double
  }

  enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case square(side: Double, label: String)
    case none
  }

  struct Drawing: Codable, Equatable {
    var shape: Shape
    var shapes: [Shape] = []
    var counts: [String: Int] = [:]
  }

  /// The state after undoing (or redoing) the step `before → after` on `current`.
  func revert<T: Codable>(_ before: T, _ after: T, current: T) throws -> T {
    let changes = try StateDiff.changes(from: before, to: after)
    return try StatePatch.apply(changes, to: current, .undo)
  }

  @Test func undoAndRedoAreExact() throws {
    let before = Doc(name: "Tab\t\"quoted\" é 🎉", tags: ["a", "b"], note: nil, ratio: 0.1)
    let after = Doc(name: "x", tags: ["a", "c"], note: "n", ratio: .pi)
    let changes = try StateDiff.changes(from: before, to: after)
    #expect(try StatePatch.apply(changes, to: after, .undo) == before)
    #expect(try StatePatch.apply(changes, to: before, .redo) == after)
  }

  @Test func sameStatesRecordNothing() throws {
    let doc = Doc(name: "a", tags: ["x"], note: nil, ratio: .nan)
    var copy = doc
    copy.name = String("a".reversed())  // equal, in other storage
    #expect(try StateDiff.changes(from: doc, to: copy).isEmpty)
  }

  @Test func revertTakesBackOnlyWhatTheStepChanged() throws {
    let reverted = try revert(
      Doc(name: "a", tags: ["x"], note: nil, ratio: 1),
      Doc(name: "b", tags: ["x"], note: "n", ratio: 1),
      current: Doc(name: "b", tags: ["x", "y"], note: "n", ratio: 2))
    #expect(reverted == Doc(name: "a", tags: ["x", "y"], note: nil, ratio: 2))
  }

  @Test func aPlaceChangedAgainSinceKeepsTheLaterChange() throws {
    let reverted = try revert(
      Doc(name: "a", tags: ["x"], note: nil, ratio: 1),
      Doc(name: "b", tags: ["x"], note: "n", ratio: 1),
      current: Doc(name: "c", tags: ["x"], note: "m", ratio: 1))
    #expect(reverted == Doc(name: "c", tags: ["x"], note: "m", ratio: 1))
  }

  @Test func plainArraysOfAnotherLengthAreLeftAlone() throws {
    #expect(try revert(["a", "b"], ["a", "c"], current: ["a", "c", "d"]) == ["a", "c", "d"])
    #expect(try revert(["a", "b"], ["a", "c"], current: ["z", "c"]) == ["z", "b"])
    #expect(try revert(["a"], ["a", "b"], current: ["a", "b"]) == ["a"])
    #expect(try revert(["a"], ["a", "b"], current: ["a", "c"]) == ["a", "c"])
  }

  @Test func enumsChangeCaseAsAWhole() throws {
    let before = Drawing(shape: .circle(radius: 1))
    let after = Drawing(shape: .square(side: 2, label: "s"))
    #expect(try revert(before, after, current: after) == before)
    let third = Drawing(shape: .none)
    #expect(try revert(before, after, current: third) == third)
    // A payload edited within one case is patched by field.
    let edited = Drawing(shape: .square(side: 3, label: "s"))
    let renamed = Drawing(shape: .square(side: 3, label: "t"))
    #expect(
      try revert(edited, renamed, current: Drawing(shape: .square(side: 9, label: "t")))
        == Drawing(shape: .square(side: 9, label: "s")))
  }

  @Test func dictionariesArePatchedByKey() throws {
    let before = Drawing(shape: .none, counts: ["a": 1, "b": 2])
    let after = Drawing(shape: .none, counts: ["a": 5, "c": 3])
    let current = Drawing(shape: .none, counts: ["a": 5, "c": 4, "d": 1])
    #expect(
      try revert(before, after, current: current).counts == ["a": 1, "b": 2, "c": 4, "d": 1])
  }

  @Test func identifiedArraysAreMatchedByID() throws {
    let before = Rows.make(count: 5)
    var after = before
    after.rows[id: 2]?.name = "renamed"
    after.rows.remove(id: 3)
    after.rows.append(Rows.Row(id: 10, name: "new"))
    var current = after
    current.rows.insert(Rows.Row(id: 11, name: "later"), at: 0)
    current.rows[id: 4]?.name = "edited later"
    let reverted = try revert(before, after, current: current)
    #expect(reverted.rows.ids == [11, 0, 1, 2, 3, 4])
    #expect(reverted.rows[id: 2]?.name == "Row 2")
    #expect(reverted.rows[id: 3] == before.rows[id: 3])
    #expect(reverted.rows[id: 4]?.name == "edited later")
  }

  @Test func aReorderIsTakenBack() throws {
    let before = Rows.make(count: 4)
    var after = before
    after.rows.sort { $0.id > $1.id }
    #expect(try revert(before, after, current: after) == before)
    var current = after
    current.rows[id: 1]?.name = "edited"
    let reverted = try revert(before, after, current: current)
    #expect(reverted.rows.ids == [0, 1, 2, 3])
    #expect(reverted.rows[id: 1]?.name == "edited")
  }

  @Test func aStepKeepsOnlyWhatChanged() throws {
    let before = Rows.make(count: 10_000)
    var after = before
    after.rows[id: 5_000]?.name = "renamed"
    let changes = try StateDiff.changes(from: before, to: after)
    #expect(changes.count == 1)
    #expect(changes.first?.path == [.key("rows"), .element(AnyHashable(5_000)), .key("name")])
  }

  @Test func largeStatesUndoAndRedoExactly() throws {
    var states = [Rows.make(count: 10_000)]
    var steps: [[StateChange]] = []
    func step(_ change: (inout Rows) -> Void) throws {
      var next = states.last!
      change(&next)
      steps.append(try StateDiff.changes(from: states.last!, to: next))
      states.append(next)
    }
    try step { $0.rows[id: 17]?.name = "a" }
    try step { $0.rows.remove(id: 9_000) }
    try step { $0.rows.insert(Rows.Row(id: 20_000, name: "b"), at: 5) }
    try step { $0.title = "c" }
    try step { $0.rows.move(fromOffsets: [0], toOffset: 100) }
    try step { $0.rows[id: 18]?.tags.append("t") }
    var state = states.last!
    for (index, changes) in steps.enumerated().reversed() {
      state = try StatePatch.apply(changes, to: state, .undo)
      let exact = state == states[index]
      #expect(exact, "undo of step \(index)")
    }
    for (index, changes) in steps.enumerated() {
      state = try StatePatch.apply(changes, to: state, .redo)
      let exact = state == states[index + 1]
      #expect(exact, "redo of step \(index)")
    }
  }

  @Test func repairsRunOnRebuiltValues() throws {
    let before = Bounded.Parent(children: [Bounded(low: 0, high: 10), Bounded(low: 0, high: 10)])
    var after = before
    after.children[0].high = 5
    after.children[0].low = 3
    var current = after
    current.children[0].low = 4
    let reverted = try revert(before, after, current: current)
    // The high bound went back to 10, the later low (4) was kept, and the repair ran on the
    // rebuilt child only.
    #expect(reverted.children[0] == Bounded(low: 4, high: 10, repairs: 1))
    #expect(reverted.children[1] == Bounded(low: 0, high: 10))
  }
}

struct Rows: Codable, Equatable {
  struct Row: Codable, Equatable, Identifiable {
    var id: Int
    var name: String
    var tags: [String] = []
  }
  var title = "Rows"
  var rows: IdentifiedArrayOf<Row>

  static func make(count: Int) -> Rows {
    Rows(rows: IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0, name: "Row \($0)") }))
  }
}

/// A value with an invariant (`low <= high`) and a repair that counts its calls.
struct Bounded: Codable, Equatable, UndoRepairable {
  struct Parent: Codable, Equatable {
    var children: [Bounded]
  }
  var low: Int
  var high: Int
  var repairs = 0

  mutating func repairAfterUndo(from previous: Bounded) {
    repairs += 1
    high = max(high, low)
  }
}

@Suite struct ValueBytesTests {
  struct Padded: Equatable {
    var id: Int
    var name: String
    var flag: Bool
    var count: Int
  }

  @Test func paddingIsNotPartOfTheValue() {
    let layout = ValueBytes.of(Padded.self)
    #expect(layout.ranges == [0..<25, 32..<40])
    #expect(ValueBytes.of(Int.self).ranges == [0..<8])
    #expect(ValueBytes.of((Int8, Int).self).ranges == [0..<1, 8..<16])
  }

  @Test func copiesOverDifferentMemoryAreTheSame() {
    let value = Padded(id: 1, name: String(repeating: "long ", count: 8), flag: true, count: 2)
    let zeros = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
    let ones = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
    defer {
      zeros.deallocate()
      ones.deallocate()
    }
    zeros.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
    ones.initializeMemory(as: UInt8.self, repeating: 0xFF, count: 64)
    let a = zeros.bindMemory(to: Padded.self, capacity: 1)
    let b = ones.bindMemory(to: Padded.self, capacity: 1)
    a.initialize(to: value)
    b.initialize(to: value)
    defer {
      a.deinitialize(count: 1)
      b.deinitialize(count: 1)
    }
    #expect(ValueBytes.of(Padded.self).same(zeros, ones))
    #expect(BitwiseEquality.same(a.pointee, b.pointee))
    b.pointee.count = 3
    #expect(!ValueBytes.of(Padded.self).same(zeros, ones))
  }
}
