import EffectCore
import Testing

@Suite struct CasePathTests {
  struct Row: Equatable { var id: Int }
  indirect enum Action: Equatable {
    case child(Int)
    case rows(id: Int, action: String)
    case task
    case other
    case named(String)
    case nested(Action)
    case row(Row)
    case optional(Int?)
  }

  @Test func onePayload() {
    let path: CasePath<Action, Int> = /Action.child
    #expect(path.extract(from: .child(3)) == 3)
    #expect(path.extract(from: .other) == nil)
    #expect(path.extract(from: .optional(3)) == nil)
    #expect(path.embed(4) == .child(4))
    #expect(path.extract(from: .child(5)) == 5)  // after the tag is learned
  }

  @Test func severalPayloadsAsATuple() throws {
    let path: CasePath<Action, (Int, String)> = /Action.rows
    let value = try #require(path.extract(from: .rows(id: 1, action: "tap")))
    #expect(value.0 == 1)
    #expect(value.1 == "tap")
    #expect(path.extract(from: .child(1)) == nil)
    #expect(path.embed((2, "x")) == .rows(id: 2, action: "x"))
    #expect(path.extract(from: .rows(id: 7, action: "again"))?.1 == "again")
  }

  @Test func noPayload() {
    let path: CasePath<Action, Void> = /Action.task
    #expect(path.extract(from: .task) != nil)
    #expect(path.extract(from: .other) == nil)
    #expect(path.embed(()) == .task)
  }

  @Test func indirectCasesAndStructPayloads() {
    let nested: CasePath<Action, Action> = /Action.nested
    #expect(nested.extract(from: .nested(.child(1))) == .child(1))
    #expect(nested.extract(from: .nested(.task)) == .task)
    #expect(nested.extract(from: .task) == nil)
    let row: CasePath<Action, Row> = /Action.row
    #expect(row.extract(from: .row(Row(id: 9))) == Row(id: 9))
    #expect(row.extract(from: .row(Row(id: 10))) == Row(id: 10))
    let optional: CasePath<Action, Int?> = /Action.optional
    #expect(optional.extract(from: .optional(nil)) == .some(nil))
    #expect(optional.extract(from: .optional(2)) == .some(2))
  }

  @Test func casesWithTheSamePayloadTypeAreTellApart() {
    let named: CasePath<Action, String> = /Action.named
    #expect(named.extract(from: .named("a")) == "a")
    #expect(named.extract(from: .rows(id: 1, action: "b")) == nil)
  }

  enum Tap: Equatable { case tap }
  struct Nothing: Equatable {}
  enum Screen: Equatable {
    case count(Int)
    case button(Tap)
    case empty(Nothing)
    case idle
  }
  enum Only: Equatable { case button(Tap) }

  @Test func payloadsThatTakeNoSpace() {
    // The compiler lays these cases out as cases without payload.
    let button: CasePath<Screen, Tap> = /Screen.button
    #expect(button.extract(from: .button(.tap)) == .tap)
    #expect(button.extract(from: .idle) == nil)
    #expect(button.extract(from: .empty(Nothing())) == nil)
    #expect(button.extract(from: .count(1)) == nil)
    let empty: CasePath<Screen, Nothing> = /Screen.empty
    #expect(empty.extract(from: .empty(Nothing())) == Nothing())
    #expect(empty.extract(from: .button(.tap)) == nil)
    let only: CasePath<Only, Tap> = /Only.button
    #expect(only.extract(from: .button(.tap)) == .tap)
  }

  @Test func explicitForm() {
    let path = CasePath<Action, Int>(
      embed: Action.child,
      extract: { if case .child(let value) = $0 { value } else { nil } })
    #expect(path.extract(from: .child(1)) == 1)
    #expect(path.embed(2) == .child(2))
  }

  @Test func appending() {
    let path = (/Action.nested).appending(path: /Action.child)
    #expect(path.extract(from: .nested(.child(3))) == 3)
    #expect(path.extract(from: .nested(.task)) == nil)
    #expect(path.embed(1) == .nested(.child(1)))
  }

  @Test(arguments: 0..<50) func manyExtractionsAreConsistent(value: Int) {
    let path: CasePath<Action, (Int, String)> = /Action.rows
    #expect(path.extract(from: .rows(id: value, action: "\(value)"))?.0 == value)
  }
}
