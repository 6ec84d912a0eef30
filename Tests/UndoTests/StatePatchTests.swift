import Testing

@testable import Undo

@Suite struct StatePatchTests {
  struct Doc: Codable, Equatable {
    var name: String
    var tags: [String]
    var note: String?
    var ratio: Double
  }

  @Test func treesRoundTripExactly() throws {
    let doc = Doc(name: "Tab\t\"quoted\" é 🎉", tags: ["a", "b"], note: nil, ratio: 0.1)
    let tree = try StateTree.of(doc)
    #expect(try tree.decode(as: Doc.self) == doc)
  }

  @Test func revertTakesBackOnlyWhatTheStepChanged() throws {
    let before = try StateTree.of(Doc(name: "a", tags: ["x"], note: nil, ratio: 1))
    let after = try StateTree.of(Doc(name: "b", tags: ["x"], note: "n", ratio: 1))
    let current = try StateTree.of(Doc(name: "b", tags: ["x", "y"], note: "n", ratio: 2))
    let reverted = try StatePatch.revert(before: before, after: after, current: current)
      .decode(as: Doc.self)
    #expect(reverted == Doc(name: "a", tags: ["x", "y"], note: nil, ratio: 2))
  }

  @Test func plainArraysOfAnotherLengthAreLeftAlone() throws {
    let before = try StateTree.of(["a", "b"])
    let after = try StateTree.of(["a", "c"])
    let current = try StateTree.of(["a", "c", "d"])
    let reverted = try StatePatch.revert(before: before, after: after, current: current)
      .decode(as: [String].self)
    #expect(reverted == ["a", "c", "d"])
  }
}
