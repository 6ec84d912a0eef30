import EffectCore
import Testing

@MainActor
@Suite struct ForEachTests {
  struct List: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Ticker.State> = []
      var detail: Ticker.State?
    }
    enum Action: Equatable {
      case rows(id: Int, action: Ticker.Action)
      case detail(Ticker.Action)
      case remove(id: Int)
      case dismiss
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .remove(let id):
          state.rows.remove(id: id)
        case .dismiss:
          state.detail = nil
        case .rows, .detail:
          break
        }
        return .none
      }
      .forEach(\.rows, action: /Action.rows) { Ticker(clock: clock) }
      .ifLet(\.detail, action: /Action.detail) { Ticker(clock: clock) }
    }
  }

  @Test func rowsRunIndependently() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: List.State(rows: [.init(id: 0), .init(id: 1)])) {
      List(clock: clock)
    }
    try await store.send(.rows(id: 0, action: .start)) { $0.rows[id: 0]?.isRunning = true }
    try await store.send(.rows(id: 1, action: .start)) { $0.rows[id: 1]?.isRunning = true }
    try await store.send(.rows(id: 0, action: .stop)) { $0.rows[id: 0]?.isRunning = false }
    await clock.advance(by: .seconds(1))
    try await store.receive(.rows(id: 1, action: .tick)) { $0.rows[id: 1]?.ticks = 1 }
    try await store.send(.rows(id: 1, action: .stop)) { $0.rows[id: 1]?.isRunning = false }
    try await store.finish()
  }

  @Test func removingARowCancelsItsEffects() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: List.State(rows: [.init(id: 0), .init(id: 1)])) {
      List(clock: clock)
    }
    try await store.send(.rows(id: 1, action: .start)) { $0.rows[id: 1]?.isRunning = true }
    await clock.advance(by: .seconds(1))
    try await store.receive(.rows(id: 1, action: .tick)) { $0.rows[id: 1]?.ticks = 1 }
    try await store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  @Test func actionForMissingRowIsIgnoredWithADiagnostic() async throws {
    let log = WarningLog()
    try await log.capture {
      let store = TestStore(initialState: List.State()) { List(clock: TestClock()) }
      try await store.send(.rows(id: 42, action: .start))
      try await store.finish()
    }
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("id 42") == true)
  }

  @Test func ifLetIgnoresChildActionsWhileNil() async throws {
    let log = WarningLog()
    try await log.capture {
      let store = TestStore(initialState: List.State()) { List(clock: TestClock()) }
      try await store.send(.detail(.start))
      try await store.finish()
    }
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("ifLet") == true)
  }

  @Test func dismissingTheChildCancelsItsEffects() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: List.State(detail: .init())) { List(clock: clock) }
    try await store.send(.detail(.start)) { $0.detail?.isRunning = true }
    await clock.advance(by: .seconds(1))
    try await store.receive(.detail(.tick)) { $0.detail?.ticks = 1 }
    try await store.send(.dismiss) { $0.detail = nil }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

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

  @Test func sameRowIDUnderTwoScopesDoesNotCollide() async throws {
    let clock = TestClock()
    let rows: IdentifiedArrayOf<Ticker.State> = [.init(id: 1)]
    let store = TestStore(
      initialState: Two.State(left: .init(rows: rows), right: .init(rows: rows))
    ) {
      Two(clock: clock)
    }
    try await store.send(.left(.rows(id: 1, action: .start))) {
      $0.left.rows[id: 1]?.isRunning = true
    }
    try await store.send(.right(.rows(id: 1, action: .start))) {
      $0.right.rows[id: 1]?.isRunning = true
    }
    try await store.send(.left(.remove(id: 1))) { $0.left.rows = [] }
    await clock.advance(by: .seconds(1))
    try await store.receive(.right(.rows(id: 1, action: .tick))) { $0.right.rows[id: 1]?.ticks = 1 }
    try await store.send(.right(.rows(id: 1, action: .stop))) {
      $0.right.rows[id: 1]?.isRunning = false
    }
    try await store.finish()
  }
}
