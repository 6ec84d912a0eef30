import EffectCore
import Testing

/// A path made with `/` to the one case carrying its payload type embeds by writing the payload
/// and the tag where the runtime keeps them, not by calling the case's constructor: every shape
/// of enum layout, against the constructor's own value.
@Suite struct CasePathEmbedTests {
  final class Token: Equatable, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Token, rhs: Token) -> Bool { lhs.name == rhs.name }
  }

  struct Row: Equatable, Sendable {
    var title: String
    var token: Token
    var count: Int
  }

  /// Several payload cases of different types, tags in extra bytes: `Bench.Action`'s shape.
  enum Mixed: Equatable {
    case tap
    case count(Int)
    case row(Row)
    case name(String)
    case flag(Bool)
    case reset
  }

  /// Several payload cases of class references: the tag lives in the references' spare bits.
  enum References: Equatable {
    case first(Token)
    case second([Int])
    case none
  }

  /// One payload case among empty ones, stored in the payload's extra inhabitants.
  enum Presentation: Equatable {
    case dismiss
    case presented(Row)
  }

  /// A case with several labelled values: the path's value is a tuple.
  enum Labelled: Equatable {
    case move(from: Int, to: Int)
    case title(String)
  }

  /// Generic, as `PresentationAction<Child.Action>` and `Wrap<Inner>.Action` are.
  enum Generic<Payload: Equatable>: Equatable {
    case value(Payload)
    case other(Int)
    case empty
  }

  indirect enum Tree: Equatable {
    case leaf(Int)
    case node(Row)
  }

  let row = Row(title: String(repeating: "a title ", count: 5), token: Token("t"), count: 3)

  @Test func aCaseAmongOthersOfOtherTypes() {
    let count: CasePath<Mixed, Int> = /Mixed.count
    let rows: CasePath<Mixed, Row> = /Mixed.row
    let name: CasePath<Mixed, String> = /Mixed.name
    let flag: CasePath<Mixed, Bool> = /Mixed.flag
    #expect(count.embed(42) == .count(42))
    #expect(rows.embed(row) == .row(row))
    #expect(name.embed("ok") == .name("ok"))
    #expect(flag.embed(true) == .flag(true))
    #expect(rows.extract(from: rows.embed(row)) == row)
    #expect(count.extract(from: rows.embed(row)) == nil)
  }

  @Test func tagsInTheSpareBitsOfReferences() {
    let token = Token("spare")
    let first: CasePath<References, Token> = /References.first
    let second: CasePath<References, [Int]> = /References.second
    #expect(first.embed(token) == .first(token))
    #expect(second.embed([1, 2, 3]) == .second([1, 2, 3]))
    #expect(first.extract(from: second.embed([4])) == nil)
    #expect(first.extract(from: first.embed(token)) === token)
  }

  @Test func oneCaseAmongEmptyOnesAndOptional() {
    let presented: CasePath<Presentation, Row> = /Presentation.presented
    #expect(presented.embed(row) == .presented(row))
    let some: CasePath<Int?, Int> = /Optional<Int>.some
    #expect(some.embed(7) == .some(7))
    let token: CasePath<Token?, Token> = /Optional<Token>.some
    #expect(token.embed(row.token) === row.token)
  }

  @Test func labelledValuesAsATuple() {
    let move: CasePath<Labelled, (from: Int, to: Int)> = /Labelled.move
    #expect(move.embed((from: 1, to: 2)) == .move(from: 1, to: 2))
    let title: CasePath<Labelled, String> = /Labelled.title
    #expect(title.embed("x") == .title("x"))
  }

  @Test func genericEnums() {
    let value: CasePath<Generic<Row>, Row> = /Generic<Row>.value
    let other: CasePath<Generic<Row>, Int> = /Generic<Row>.other
    #expect(value.embed(row) == .value(row))
    #expect(other.embed(5) == .other(5))
    let nested: CasePath<Generic<Generic<Int>>, Generic<Int>> = /Generic<Generic<Int>>.value
    #expect(nested.embed(.empty) == .value(.empty))
    #expect(nested.embed(.other(1)) == .value(.other(1)))
  }

  @Test func anIndirectCaseEmbedsWithItsConstructor() {
    let node: CasePath<Tree, Row> = /Tree.node
    #expect(node.embed(row) == .node(row))
    #expect(node.extract(from: .node(row)) == row)
    #expect(node.extract(from: .leaf(1)) == nil)
    #expect("\(node)" == "/CasePathEmbedTests.Tree.node")
  }

  @Test func anEmbeddedValueOwnsItsReferences() {
    weak var weakToken: Token?
    var embedded: Mixed?
    do {
      let token = Token("owned")
      weakToken = token
      let rows: CasePath<Mixed, Row> = /Mixed.row
      embedded = rows.embed(Row(title: "t", token: token, count: 1))
    }
    #expect(weakToken != nil)
    #expect(embedded == .row(Row(title: "t", token: Token("owned"), count: 1)))
    embedded = nil
    #expect(weakToken == nil)
  }

  @Test func pathsMadeAgainAreTheSamePathAndDescribeTheirCase() {
    let rows: CasePath<Mixed, Row> = /Mixed.row
    #expect("\(rows)" == "/CasePathEmbedTests.Mixed.row")
    let composed = (/Generic<Mixed>.value) .. (/Mixed.row)
    #expect(composed.embed(row) == .value(.row(row)))
    #expect(composed.extract(from: .value(.row(row))) == row)
  }
}

/// A function in an enum case is stored in the calling convention of the case's declared type.
/// A path never writes one in place: it embeds with the case's constructor, which converts it. (It
/// reads one through `Mirror`, which gives the right function for a generic enum's payload; for a
/// non-generic enum's, the runtime's reflection does not convert it, so such a path is written
/// out with `CasePath(embed:extract:)`.)
@Suite struct CasePathFunctionPayloadTests {
  enum Generic<Payload> {
    case value(Payload)
    case other(Int)
  }

  enum Concrete {
    case callback(@Sendable (Int) -> Int)
    case pair((Int) -> Int, Int)
    case other
  }

  @Test func aFunctionInAGenericEnum() {
    let path: CasePath<Generic<@Sendable (Int) -> Int>, @Sendable (Int) -> Int> =
      /Generic<@Sendable (Int) -> Int>.value
    guard case .value(let function) = path.embed({ $0 + 1 }) else {
      Issue.record("embedded in the wrong case")
      return
    }
    #expect(function(1) == 2)
    #expect(path.extract(from: .value { $0 * 3 })?(2) == 6)
    #expect(path.extract(from: .other(1)) == nil)
  }

  @Test func aFunctionIsEmbeddedByTheCaseConstructor() {
    let callback: CasePath<Concrete, @Sendable (Int) -> Int> = /Concrete.callback
    guard case .callback(let function) = callback.embed({ $0 * 10 }) else {
      Issue.record("embedded in the wrong case")
      return
    }
    #expect(function(2) == 20)
    let pair: CasePath<Concrete, ((Int) -> Int, Int)> = /Concrete.pair
    guard case .pair(let add, let operand) = pair.embed(({ $0 + 7 }, 1)) else {
      Issue.record("embedded in the wrong case")
      return
    }
    #expect(add(operand) == 8)
    #expect(callback.extract(from: .other) == nil)
  }
}
