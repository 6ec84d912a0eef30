import EffectIdentifier
import Testing

/// A shoebox of tickers in each of the three collection kinds `forEachNamespaced` supports.
struct Shoebox: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row> = []
    var byName: [String: Ticker.State] = [:]
    var identified: IdentifiedArrayOf<Identified<Int, Ticker.State>> = []
    var others: IdentifiedArrayOf<Row> = []
  }
  struct Row: Equatable, Identifiable {
    var id: Int
    var ticker = Ticker.State()
  }
  enum Action: Equatable {
    case rows(id: Int, action: Ticker.Action)
    case byName(key: String, action: Ticker.Action)
    case identified(id: Int, action: Ticker.Action)
    case others(id: Int, action: Ticker.Action)
    case removeRow(Int)
  }
  let clock: TestClock<Duration>
  var log: IDLog?

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .removeRow(let id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEachNamespaced(\.rows, action: /Action.rows) {
      Scope(state: \.ticker, action: /Ticker.Action.self) { Ticker(clock: clock, log: log) }
    }
    .forEachNamespaced(\.byName, action: /Action.byName) { Ticker(clock: clock, log: log) }
    .forEachNamespaced(\.identified, action: /Action.identified) {
      Ticker(clock: clock, log: log)
    }
    .forEachNamespaced(\.others, action: /Action.others) {
      Scope(state: \.ticker, action: /Ticker.Action.self) { Ticker(clock: clock, log: log) }
    }
  }
}

@MainActor
@Suite struct ForEachNamespacedTests {
  @Test func identifiedArrayStartingRowOneThenStoppingRowZeroLeavesRowOneTicking() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Shoebox.State(rows: [.init(id: 0), .init(id: 1)])) {
      Shoebox(clock: clock)
    }
    try await store.send(.rows(id: 1, action: .start)) { $0.rows[id: 1]?.ticker.isRunning = true }
    try await store.send(.rows(id: 0, action: .stop))
    await clock.advance(by: .seconds(1))
    try await store.receive(.rows(id: 1, action: .tick)) { $0.rows[id: 1]?.ticker.ticks = 1 }
    try await store.send(.rows(id: 1, action: .stop)) { $0.rows[id: 1]?.ticker.isRunning = false }
    try await store.finish()
  }

  @Test func dictionaryStartingOneThenStoppingAnotherLeavesTheFirstTicking() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Shoebox.State(byName: ["a": .init(), "b": .init()])) {
      Shoebox(clock: clock)
    }
    try await store.send(.byName(key: "b", action: .start)) { $0.byName["b"]?.isRunning = true }
    try await store.send(.byName(key: "a", action: .stop))
    await clock.advance(by: .seconds(1))
    try await store.receive(.byName(key: "b", action: .tick)) { $0.byName["b"]?.ticks = 1 }
    try await store.send(.byName(key: "b", action: .stop)) { $0.byName["b"]?.isRunning = false }
    try await store.finish()
  }

  @Test func identifiedValuesStartingRowOneThenStoppingRowZeroLeavesRowOneTicking() async throws {
    let clock = TestClock()
    let store = TestStore(
      initialState: Shoebox.State(identified: [
        Identified(.init(), id: 0), Identified(.init(), id: 1),
      ])
    ) {
      Shoebox(clock: clock)
    }
    try await store.send(.identified(id: 1, action: .start)) {
      $0.identified[id: 1]?.isRunning = true
    }
    try await store.send(.identified(id: 0, action: .stop))
    await clock.advance(by: .seconds(1))
    try await store.receive(.identified(id: 1, action: .tick)) { $0.identified[id: 1]?.ticks = 1 }
    try await store.send(.identified(id: 1, action: .stop)) {
      $0.identified[id: 1]?.isRunning = false
    }
    try await store.finish()
  }

  @Test func removingARunningRowStopsItsTicks() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Shoebox.State(rows: [.init(id: 0), .init(id: 1)])) {
      Shoebox(clock: clock)
    }
    try await store.send(.rows(id: 0, action: .start)) { $0.rows[id: 0]?.ticker.isRunning = true }
    await clock.advance(by: .seconds(1))
    try await store.receive(.rows(id: 0, action: .tick)) { $0.rows[id: 0]?.ticker.ticks = 1 }
    try await store.send(.removeRow(0)) { $0.rows.remove(id: 0) }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func overlappingIDsInTwoCollectionsDoNotCollide() async throws {
    let clock = TestClock()
    let log = IDLog()
    let store = TestStore(
      initialState: Shoebox.State(rows: [.init(id: 1)], others: [.init(id: 1)])
    ) {
      Shoebox(clock: clock, log: log)
    }
    try await store.send(.rows(id: 1, action: .start)) { $0.rows[id: 1]?.ticker.isRunning = true }
    try await store.send(.others(id: 1, action: .start)) {
      $0.others[id: 1]?.ticker.isRunning = true
    }
    try await store.send(.others(id: 1, action: .stop)) {
      $0.others[id: 1]?.ticker.isRunning = false
    }
    await clock.advance(by: .seconds(1))
    try await store.receive(.rows(id: 1, action: .tick)) { $0.rows[id: 1]?.ticker.ticks = 1 }
    try await store.send(.rows(id: 1, action: .stop)) { $0.rows[id: 1]?.ticker.isRunning = false }
    try await store.send(.rows(id: 1, action: .reportID))
    try await store.send(.others(id: 1, action: .reportID))
    try await store.finish()
    let ids = log.all.map(\.reducer)
    #expect(ids.count == 2)
    #expect(ids[0] != ids[1])
    #expect(log.all.allSatisfy { $0.reducer == $0.effect })
  }

  @Test func actionForAMissingKeyIsIgnored() async throws {
    let store = TestStore(initialState: Shoebox.State()) { Shoebox(clock: TestClock()) }
    try await store.send(.byName(key: "nobody", action: .start))
    try await store.send(.identified(id: 9, action: .start))
    try await store.finish()
  }
}
