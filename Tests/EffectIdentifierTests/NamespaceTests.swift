import EffectIdentifier
import Testing

@MainActor
@Suite struct NamespaceTests {
  @Test func constantNamespacesCompose() {
    let plain = Store(initialState: [EffectID]()) { IDReader() }
    let a = Store(initialState: [EffectID]()) { IDReader().namespace("A") }
    let b = Store(initialState: [EffectID]()) { IDReader().namespace("B") }
    let a2 = Store(initialState: [EffectID]()) { IDReader().namespace("A") }
    for store in [plain, a, b, a2] { store.send(()) }
    #expect(plain.state[0] != a.state[0])
    #expect(a.state[0] != b.state[0])
    #expect(a.state[0] == a2.state[0])
  }

  @Test func namespaceOrderMatters() {
    let documentAroundRow = Store(initialState: [EffectID]()) {
      IDReader().namespace("row").namespace("document")
    }
    let rowAroundDocument = Store(initialState: [EffectID]()) {
      IDReader().namespace("document").namespace("row")
    }
    documentAroundRow.send(())
    rowAroundDocument.send(())
    #expect(documentAroundRow.state[0] != rowAroundDocument.state[0])
    #expect(documentAroundRow.state[0].description.contains("[document, row]"))
  }

  @Test func namespaceDerivedFromStateIsReadBeforeTheAction() {
    let byClosure = Store(initialState: [EffectID]()) {
      IDReader().namespace { (state: [EffectID]) in state.count }
    }
    byClosure.send(())
    byClosure.send(())
    #expect(byClosure.state[0] != byClosure.state[1])
    #expect(byClosure.state[0].description.contains("in: [0]"))
    #expect(byClosure.state[1].description.contains("in: [1]"))
    let byKeyPath = Store(initialState: [EffectID]()) { IDReader().namespace(\.count) }
    byKeyPath.send(())
    byKeyPath.send(())
    #expect(byKeyPath.state[0] == byClosure.state[0])
    #expect(byKeyPath.state[1] == byClosure.state[1])
  }

  @Test func theIDReadInAnEffectMatchesTheReducers() async throws {
    let log = IDLog()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker(clock: TestClock(), log: log).namespace("row 7").namespace("document 1")
    }
    try await store.send(.reportID)
    try await store.finish()
    let pair = try #require(log.all.first)
    #expect(pair.reducer == pair.effect)
    #expect(pair.effect.description.contains("[document 1, row 7]"))
  }

  @Test func aTimerStopsItselfInsideANamespace() async throws {
    struct Countdown: Reducer {
      struct State: Equatable { var remaining = 2 }
      enum Action: Equatable { case start, tick }
      let clock: TestClock<Duration>
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        @EffectID var timerID
        switch action {
        case .start:
          return .run { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }
          .cancellable(id: timerID)
        case .tick:
          state.remaining -= 1
          return state.remaining == 0 ? .cancel(id: timerID) : .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Countdown.State()) {
      Countdown(clock: clock).namespace("tea").namespace("kitchen")
    }
    try await store.send(.start)
    await clock.advance(by: .seconds(2))
    try await store.receive(.tick) { $0.remaining = 1 }
    try await store.receive(.tick) { $0.remaining = 0 }
    try await store.finish()
  }

  @Test func twoStoresWithoutNamespacesAreIsolatedByTheCore() async throws {
    let clock = TestClock()
    let a = Store(initialState: Ticker.State()) { Ticker(clock: clock) }
    let b = Store(initialState: Ticker.State()) { Ticker(clock: clock) }
    a.send(.start)
    let running = b.send(.start)
    await a.send(.stop).finish()
    await clock.advance(by: .seconds(2))
    #expect(b.ticks == 2)
    #expect(a.ticks == 0)
    running.cancel()
    await running.finish()
  }

  @Test func namespacedStoresRunSideBySide() async throws {
    let clock = TestClock()
    let one = TestStore(initialState: Ticker.State()) { Ticker(clock: clock).namespace(1) }
    let two = TestStore(initialState: Ticker.State()) { Ticker(clock: clock).namespace(2) }
    try await one.send(.start) { $0.isRunning = true }
    try await two.send(.start) { $0.isRunning = true }
    try await one.send(.stop) { $0.isRunning = false }
    await clock.advance(by: .seconds(1))
    try await two.receive(.tick) { $0.ticks = 1 }
    try await two.send(.stop) { $0.isRunning = false }
    try await one.finish()
    try await two.finish()
  }
}

@MainActor
@Suite struct NamespaceMapTests {
  struct Reader: Reducer {
    enum Action: Equatable {
      case start
      case read(EffectID)
      case mapped(EffectID)
    }
    func reduce(into state: inout [EffectID], action: Action) -> Effect<Action> {
      @EffectID var id
      switch action {
      case .start:
        state.append(id)
        return Effect<Void>.run { send in await send(()) }
          .map { _ in
            @EffectID var id
            return .mapped(id)
          }
      case .mapped(let read):
        state.append(read)
        return .none
      case .read:
        return .none
      }
    }
  }

  @Test func anEffectIDReadInMapHasTheNamespaceOfTheReducer() async throws {
    let a = Store(initialState: [EffectID]()) { Reader().namespace("A") }
    let b = Store(initialState: [EffectID]()) { Reader().namespace("B") }
    a.send(.start)
    b.send(.start)
    while a.state.count < 2 || b.state.count < 2 { await Task.yield() }
    // Read outside the namespace, the two mapped ids would be the same declaration's id.
    #expect(a.state[1] != b.state[1])
  }
}
