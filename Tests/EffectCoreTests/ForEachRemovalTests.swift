import EffectCore
import Testing

/// A `forEach` ends the effects of the rows its parent removes, however the parent removes them:
/// edit by edit (which the collection's journal tells), or by replacing, rebuilding or clearing
/// the collection (which it cannot tell, so every row not there any more is ended). Rows that
/// stay, or come back, keep running.
@MainActor
@Suite struct ForEachRemovalTests {
  struct List: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Ticker.State> = []
    }
    enum Action: Equatable {
      case rows(id: Int, action: Ticker.Action)
      case replace([Int])
      case removeAll
      case sortDescending
      case removeAndPutBack(Int)
      case churn(remove: Int, times: Int)
      case tickAndRemove(Int)
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .replace(let ids):
          state.rows = IdentifiedArray(
            uniqueElements: ids.map { state.rows[id: $0] ?? Ticker.State(id: $0) })
        case .removeAll:
          state.rows.removeAll()
        case .sortDescending:
          state.rows.sort { $0.id > $1.id }
        case .removeAndPutBack(let id):
          if let row = state.rows.remove(id: id) { state.rows.append(row) }
        case .churn(let id, let times):
          // More edits than the journal remembers, then one removal.
          for _ in 0..<times { state.rows[id: 100] = Ticker.State(id: 100) }
          state.rows.remove(id: id)
          state.rows.remove(id: 100)
        case .tickAndRemove(let id):
          // An element action whose parent removes the element it just reduced.
          state.rows.remove(id: id)
        case .rows:
          break
        }
        return .none
      }
      .forEach(\.rows, action: /Action.rows) { Ticker(clock: clock) }
    }
  }

  /// Three rows, all started.
  func startedStore(
    _ clock: TestClock<Duration>, probe: Probe
  ) async throws -> TestStore<List.State, List.Action> {
    let store = TestStore(
      initialState: List.State(rows: [.init(id: 1), .init(id: 2), .init(id: 3)])
    ) { List(clock: clock) }
    for id in 1...3 {
      try await store.send(.rows(id: id, action: .start)) { $0.rows[id: id]?.isRunning = true }
    }
    return store
  }

  /// Lets a second pass; each of the rows `ids` (and no other) ticks, in that order.
  func tick(
    _ store: TestStore<List.State, List.Action>, _ clock: TestClock<Duration>, rows ids: [Int],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
  ) async throws {
    await clock.advance(by: .seconds(1))
    for id in ids {
      try await store.receive(
        .rows(id: id, action: .tick), assert: { $0.rows[id: id]?.ticks = 1 }, fileID: fileID,
        file: filePath, line: line)
    }
  }

  @Test func replacingTheCollectionEndsTheRowsThatAreGone() async throws {
    let clock = TestClock()
    let store = try await startedStore(clock, probe: Probe())
    try await store.send(.replace([3, 1, 4])) {
      $0.rows = [
        .init(id: 3, isRunning: true), .init(id: 1, isRunning: true), .init(id: 4),
      ]
    }
    try await tick(store, clock, rows: [1, 3])
    try await store.send(.removeAll) { $0.rows = [] }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func sortingEndsNothing() async throws {
    let clock = TestClock()
    let store = try await startedStore(clock, probe: Probe())
    try await store.send(.sortDescending) {
      $0.rows = [
        .init(id: 3, isRunning: true), .init(id: 2, isRunning: true),
        .init(id: 1, isRunning: true),
      ]
    }
    try await tick(store, clock, rows: [1, 2, 3])
    try await store.send(.removeAll) { $0.rows = [] }
    try await store.finish()
  }

  @Test func aRowRemovedAndPutBackKeepsRunning() async throws {
    let clock = TestClock()
    let store = try await startedStore(clock, probe: Probe())
    try await store.send(.removeAndPutBack(1)) {
      $0.rows = [
        .init(id: 2, isRunning: true), .init(id: 3, isRunning: true),
        .init(id: 1, isRunning: true),
      ]
    }
    try await tick(store, clock, rows: [1, 2, 3])
    try await store.send(.removeAll) { $0.rows = [] }
    try await store.finish()
  }

  @Test func moreEditsThanTheJournalRemembersStillEndTheRemovedRow() async throws {
    let clock = TestClock()
    let store = try await startedStore(clock, probe: Probe())
    try await store.send(.churn(remove: 2, times: 40)) { $0.rows.remove(id: 2) }
    try await tick(store, clock, rows: [1, 3])
    try await store.send(.removeAll) { $0.rows = [] }
    try await store.finish()
  }

  @Test func aRowItsParentRemovesInTheSameActionIsEnded() async throws {
    let clock = TestClock()
    let store = try await startedStore(clock, probe: Probe())
    try await store.send(.tickAndRemove(3)) { $0.rows.remove(id: 3) }
    try await tick(store, clock, rows: [1, 2])
    try await store.send(.removeAll) { $0.rows = [] }
    try await store.finish()
  }

  /// Two lists under two scopes, with the same row ids: replacing one list's rows ends only
  /// that list's rows (the cancellation is under its scope's path).
  struct Two: Reducer {
    struct State: Equatable { var left = List.State(), right = List.State() }
    enum Action: Equatable {
      case left(List.Action)
      case right(List.Action)
    }
    let clock: TestClock<Duration>
    var body: some Reducer<State, Action> {
      Scope(state: \.left, action: /Action.left) { List(clock: clock) }
      Scope(state: \.right, action: /Action.right) { List(clock: clock) }
    }
  }

  @Test func replacingOneListLeavesTheOtherListsRowsRunning() async throws {
    let clock = TestClock()
    let rows: IdentifiedArrayOf<Ticker.State> = [.init(id: 1)]
    let store = TestStore(
      initialState: Two.State(left: .init(rows: rows), right: .init(rows: rows))
    ) { Two(clock: clock) }
    try await store.send(.left(.rows(id: 1, action: .start))) {
      $0.left.rows[id: 1]?.isRunning = true
    }
    try await store.send(.right(.rows(id: 1, action: .start))) {
      $0.right.rows[id: 1]?.isRunning = true
    }
    try await store.send(.left(.replace([2]))) { $0.left.rows = [.init(id: 2)] }
    await clock.advance(by: .seconds(1))
    try await store.receive(.right(.rows(id: 1, action: .tick))) {
      $0.right.rows[id: 1]?.ticks = 1
    }
    try await store.send(.right(.removeAll)) { $0.right.rows = [] }
    try await store.finish()
  }
}
