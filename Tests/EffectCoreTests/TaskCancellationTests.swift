import EffectCore
import Testing

/// `withTaskCancellation(id:cancelInFlight:)` and `Task.cancel(id:)` inside effects, scoped like
/// `.cancellable(id:)` and `.cancel(id:)`.
@MainActor
@Suite struct TaskCancellationTests {
  struct Search: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var results: [String] = []
    }
    enum Action: Equatable {
      case search(String)
      case response(String)
      case cancel
      case cancelFromEffect
    }
    enum CancelID { case search }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .search(let query):
        return .run { [clock] send in
          try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
            try await clock.sleep(for: .seconds(1))
            await send(.response(query))
          }
        }
      case .response(let result):
        state.results.append(result)
        return .none
      case .cancel:
        return .cancel(id: CancelID.search)
      case .cancelFromEffect:
        return .run { _ in Task.cancel(id: CancelID.search) }
      }
    }
  }

  struct Rows: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Search.State> = [.init(id: 1), .init(id: 2)]
    }
    enum Action: Equatable { case rows(id: Int, action: Search.Action) }
    let clock: TestClock<Duration>
    var body: some Reducer<State, Action> {
      Reduce { _, _ in .none }
        .forEach(\.rows, action: /Action.rows) { Search(clock: clock) }
    }
  }

  @Test func cancelInFlightKeepsOnlyTheLatestOperation() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State(id: 1)) { Search(clock: clock) }
    try await store.send(.search("a"))
    await clock.advance(by: .milliseconds(500))
    try await store.send(.search("ab"))
    await clock.advance(by: .seconds(1))
    try await store.receive(.response("ab")) { $0.results = ["ab"] }
    try await store.finish()
  }

  @Test func aReducersCancelStopsTheOperationInsideTheEffect() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State(id: 1)) { Search(clock: clock) }
    try await store.send(.search("a"))
    // The effect reaches `withTaskCancellation` once it runs: let it get there.
    await clock.advance()
    try await store.send(.cancel)
    await clock.advance(by: .seconds(1))
    try await store.finish()
  }

  @Test func taskCancelInsideAnEffectCancelsByID() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State(id: 1)) { Search(clock: clock) }
    try await store.send(.search("a"))
    await clock.advance()
    try await store.send(.cancelFromEffect)
    await clock.advance(by: .seconds(1))
    try await store.finish()
  }

  @Test func idsInsideEffectsAreScopedToTheirRow() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Rows.State()) { Rows(clock: clock) }
    try await store.send(.rows(id: 1, action: .search("one")))
    try await store.send(.rows(id: 2, action: .search("two")))
    await clock.advance()
    // Row 2's effect cancels by the same id from inside: row 1's operation is not its own.
    try await store.send(.rows(id: 2, action: .cancelFromEffect))
    try await store.send(.rows(id: 1, action: .search("uno")))
    await clock.advance(by: .seconds(1))
    try await store.receive(.rows(id: 1, action: .response("uno"))) {
      $0.rows[id: 1]?.results = ["uno"]
    }
    try await store.finish()
  }

  @Test func anotherStoreIsNeverReached() async throws {
    let clock = TestClock()
    let first = TestStore(initialState: Search.State(id: 1)) { Search(clock: clock) }
    let second = TestStore(initialState: Search.State(id: 1)) { Search(clock: clock) }
    try await first.send(.search("first"))
    await clock.advance()
    try await second.send(.cancelFromEffect)
    await clock.advance(by: .seconds(1))
    try await first.receive(.response("first")) { $0.results = ["first"] }
    try await first.finish()
    try await second.finish()
  }

  @Test func outsideAnEffectTheOperationJustRuns() async throws {
    let value = await withTaskCancellation(id: "x") { 42 }
    #expect(value == 42)
    Task.cancel(id: "x")
  }
}
