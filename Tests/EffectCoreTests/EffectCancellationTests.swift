import EffectCore
import Testing

@MainActor
@Suite struct EffectCancellationTests {
  @Test func cancelSentRightAfterStartAlwaysLands() async throws {
    let clock = TestClock()
    for _ in 0..<200 {
      let probe = Probe()
      let store = Store(initialState: Ticker.State()) { Ticker(clock: clock, probe: probe) }
      let task = store.send(.start)
      store.send(.stop)
      await task.finish()
      #expect(task.isCancelled)
      #expect(store.ticks == 0)
    }
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancelledEffectNeverDeliversAnotherAction() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
    try await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    try await store.receive(.tick) { $0.ticks = 1 }
    try await store.send(.stop) { $0.isRunning = false }
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  @Test func cancellingStopsTheWorkNotOnlyTheDelivery() async throws {
    let clock = TestClock()
    let probe = Probe()
    let store = Store(initialState: Ticker.State()) { Ticker(clock: clock, probe: probe) }
    let task = store.send(.start)
    #expect(await eventually { clock.sleeperCount == 1 })
    store.send(.stop)
    await task.finish()
    #expect(probe.all == ["cancelled"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancelInFlightReplacesTheRunningEffect() async throws {
    let clock = TestClock()
    let probe = Probe()
    let store = Store(initialState: Ticker.State()) { Ticker(clock: clock, probe: probe) }
    let first = store.send(.start)
    #expect(await eventually { clock.sleeperCount == 1 })
    let second = store.send(.start)
    await first.finish()
    #expect(first.isCancelled)
    #expect(!second.isCancelled)
    #expect(probe.all == ["cancelled"])
    #expect(await eventually { clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.ticks == 1 })
    second.cancel()
    await second.finish()
  }

  @Test func twoStoresRunningTheSameReducerNeverCancelEachOther() async throws {
    let clock = TestClock()
    let a = Store(initialState: Ticker.State()) { Ticker(clock: clock) }
    let b = Store(initialState: Ticker.State()) { Ticker(clock: clock) }
    a.send(.start)
    let running = b.send(.start)
    #expect(await eventually { clock.sleeperCount == 2 })
    await a.send(.stop).finish()
    await clock.advance(by: .seconds(2))
    #expect(await eventually { b.ticks == 2 })
    #expect(a.ticks == 0)
    running.cancel()
    await running.finish()
  }

  @Test func cancellationByIDInsideMergedEffects() async throws {
    struct Feature: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action: Equatable {
        case start, cancelA
        case done(String)
      }
      let clock: TestClock<Duration>
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .merge(
            .run { [clock] send in
              try await clock.sleep(for: .seconds(1))
              await send(.done("a"))
            }.cancellable(id: "a"),
            .run { [clock] send in
              try await clock.sleep(for: .seconds(1))
              await send(.done("b"))
            }.cancellable(id: "b")
          )
        case .cancelA:
          return .cancel(id: "a")
        case .done(let name):
          state.log.append(name)
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    try await store.send(.start)
    try await store.send(.cancelA)
    await clock.advance(by: .seconds(1))
    try await store.receive(.done("b")) { $0.log = ["b"] }
    try await store.finish()
  }

  @Test func concatenateRunsEffectsOneAfterAnother() async throws {
    struct Feature: Reducer {
      struct State: Equatable { var log: [Int] = [] }
      enum Action: Equatable {
        case start
        case step(Int)
      }
      let clock: TestClock<Duration>
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .concatenate(
            .run { [clock] send in
              try await clock.sleep(for: .seconds(2))
              await send(.step(1))
            },
            .send(.step(2)),
            .run { [clock] send in
              try await clock.sleep(for: .seconds(1))
              await send(.step(3))
            }
          )
        case .step(let n):
          state.log.append(n)
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    try await store.send(.start)
    await clock.advance(by: .seconds(2))
    try await store.receive(.step(1)) { $0.log = [1] }
    try await store.receive(.step(2)) { $0.log = [1, 2] }
    await clock.advance(by: .seconds(1))
    try await store.receive(.step(3)) { $0.log = [1, 2, 3] }
    try await store.finish()
  }

  @Test func runCatchTurnsErrorsIntoActions() async throws {
    struct Failure: Error {}
    struct Feature: Reducer {
      struct State: Equatable { var error: String? }
      enum Action: Equatable {
        case load
        case failed(String)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .load:
          return .run { _ in
            throw Failure()
          } catch: { _, send in
            await send(.failed("boom"))
          }
        case .failed(let message):
          state.error = message
          return .none
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    try await store.send(.load)
    try await store.receive(.failed("boom")) { $0.error = "boom" }
    try await store.finish()
  }

  @Test func uncaughtErrorIsReportedAsAWarning() async throws {
    struct Failure: Error {}
    let log = WarningLog()
    try await log.capture {
      let store = TestStore(initialState: Counter.State()) {
        Reduce<Counter.State, Counter.Action> { _, _ in .run { _ in throw Failure() } }
      }
      try await store.send(.increment)
      try await store.finish()
    }
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("Failure") == true)
  }

  @Test func mappedEffectsKeepTheirCancellationIDs() async throws {
    struct Parent: Reducer {
      struct State: Equatable { var ticker = Ticker.State() }
      enum Action: Equatable {
        case ticker(Ticker.Action)
        case stopAll
      }
      let clock: TestClock<Duration>
      var body: some Reducer<State, Action> {
        Scope(state: \.ticker, action: /Action.ticker) { Ticker(clock: clock) }
        Reduce { state, action in
          guard case .stopAll = action else { return .none }
          state.ticker.isRunning = false
          return .cancel(id: Ticker.TimerID.timer)
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) { Parent(clock: clock) }
    try await store.send(.ticker(.start)) { $0.ticker.isRunning = true }
    await clock.advance(by: .seconds(1))
    try await store.receive(.ticker(.tick)) { $0.ticker.ticks = 1 }
    try await store.send(.stopAll) { $0.ticker.isRunning = false }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }
}

/// Many effects under one id: the registry keeps one, a few and many handles per id in three
/// shapes, and moves between them as effects start and finish.
@MainActor
@Suite struct SharedCancellationIDTests {
  struct Sleepers: Reducer {
    struct State: Equatable { var finished = 0 }
    enum Action: Equatable {
      /// Starts an effect under the shared id that sleeps `seconds`, then reports.
      case sleep(seconds: Int)
      case finished
      case cancelAll
    }
    enum ID { case shared }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .sleep(let seconds):
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(seconds))
          await send(.finished)
        }
        .cancellable(id: ID.shared)
      case .finished:
        state.finished += 1
        return .none
      case .cancelAll:
        return .cancel(id: ID.shared)
      }
    }
  }

  @Test(arguments: [1, 2, 3, 8, 9, 20])
  func cancellingASharedIDStopsEveryEffectStillRunning(count: Int) async {
    let clock = TestClock()
    let store = Store(initialState: Sleepers.State()) { Sleepers(clock: clock) }
    // Effect i sleeps i + 1 seconds: after two seconds the first two have finished, and left
    // the id's holders; the rest are cancelled together.
    let tasks = (0..<count).map { store.send(.sleep(seconds: $0 + 1)) }
    #expect(await eventually { clock.sleeperCount == count })
    await clock.advance(by: .seconds(2))
    let finishedEarly = min(count, 2)
    #expect(await eventually { store.finished == finishedEarly })
    store.send(.cancelAll)
    for task in tasks { await task.finish() }
    let cancelled = tasks.filter { $0.isCancelled }.count
    #expect(cancelled == count - finishedEarly)
    await clock.advance(by: .seconds(60))
    #expect(store.finished == finishedEarly)
    #expect(clock.sleeperCount == 0)
  }

  @Test func anIDEmptiedAndRefilledStillCancels() async {
    let clock = TestClock()
    let store = Store(initialState: Sleepers.State()) { Sleepers(clock: clock) }
    for _ in 0..<12 { store.send(.sleep(seconds: 1)) }
    #expect(await eventually { clock.sleeperCount == 12 })
    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.finished == 12 })
    let again = (0..<3).map { _ in store.send(.sleep(seconds: 5)) }
    #expect(await eventually { clock.sleeperCount == 3 })
    store.send(.cancelAll)
    for task in again { await task.finish() }
    let allCancelled = again.allSatisfy { $0.isCancelled }
    #expect(allCancelled)
    #expect(store.finished == 12)
  }
}
