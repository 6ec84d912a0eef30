import EffectCore
import Testing

/// Cases with one labelled payload (`popFrom(id:)`, `child(action:)`), which the runtime
/// describes as a one-element tuple.
@MainActor
@Suite struct CasePathLabelledPayloadTests {
  struct Row: Equatable { var id: Int }
  indirect enum Action: Equatable {
    case popFrom(id: Int)
    case child(action: Counter.Action)
    case row(value: Row)
    case name(text: String)
    case title(String)
    case pair(first: Int, second: String)
    case nested(action: Action)
    case task
  }

  @Test func oneLabelledPayloadExtracts() {
    let popFrom: CasePath<Action, Int> = /Action.popFrom
    #expect(popFrom.extract(from: .popFrom(id: 3)) == 3)
    #expect(popFrom.extract(from: .task) == nil)
    #expect(popFrom.embed(4) == .popFrom(id: 4))
    let child: CasePath<Action, Counter.Action> = /Action.child
    #expect(child.extract(from: .child(action: .increment)) == .increment)
    #expect(child.extract(from: .popFrom(id: 1)) == nil)
    let row: CasePath<Action, Row> = /Action.row
    #expect(row.extract(from: .row(value: Row(id: 9))) == Row(id: 9))
    let nested: CasePath<Action, Action> = /Action.nested
    #expect(nested.extract(from: .nested(action: .task)) == .task)
  }

  @Test func labelledAndUnlabelledCasesOfOneTypeAreToldApart() {
    let name: CasePath<Action, String> = /Action.name
    let title: CasePath<Action, String> = /Action.title
    #expect(name.extract(from: .name(text: "a")) == "a")
    #expect(name.extract(from: .title("b")) == nil)
    #expect(title.extract(from: .title("b")) == "b")
    #expect(title.extract(from: .name(text: "a")) == nil)
  }

  @Test func severalLabelledPayloadsStillExtractAsATuple() throws {
    let pair: CasePath<Action, (Int, String)> = /Action.pair
    let value = try #require(pair.extract(from: .pair(first: 1, second: "x")))
    #expect(value.0 == 1 && value.1 == "x")
  }

  @Test func payloadLessPathsStillNeedNoAnnotation() {
    let task = /Action.task
    #expect(task.extract(from: .task) != nil)
    #expect(task.extract(from: .popFrom(id: 1)) == nil)
    #expect(task.embed(()) == .task)
  }

  struct Parent: Reducer {
    struct State: Equatable { var counter = Counter.State() }
    enum Action: Equatable {
      case counter(action: Counter.Action)
      case popFrom(id: Int)
    }
    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: /Action.counter) { Counter() }
    }
  }

  @Test func aScopeThroughALabelledCaseRunsItsChild() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    try await store.send(.counter(action: .increment)) { $0.counter.count = 1 }
    try await store.finish()
  }

  @Test func receiveMatchesALabelledCase() async throws {
    let store = TestStore(initialState: Parent.State()) {
      Reduce<Parent.State, Parent.Action> { _, action in
        if case .counter = action { return .send(.popFrom(id: 7)) }
        return .none
      }
    }
    try await store.send(.counter(action: .increment))
    try await store.receive(/Parent.Action.popFrom)
    try await store.finish()
  }
}
