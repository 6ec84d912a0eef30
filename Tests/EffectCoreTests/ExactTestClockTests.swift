import EffectCore
import Testing

/// `TestClock` knows when the work that is due has run: no tick, action or sleep is lost,
/// however far it advances and however many effects run.
@MainActor
@Suite struct ExactTestClockTests {
  struct Ticker: Reducer {
    struct State: Equatable { var ticks: [Int: Int] = [:] }
    enum Action: Equatable {
      case start(Int)
      case tick(Int)
      case echo(Int)
    }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start(let id):
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick(id)) }
        }
        .cancellable(id: id)
      case .tick(let id):
        state.ticks[id, default: 0] += 1
        // Every tenth tick starts an effect that sleeps and answers: work the tick started
        // must also be waited for.
        guard state.ticks[id]! % 10 == 0 else { return .none }
        return .run { [clock] send in
          try await clock.sleep(for: .milliseconds(500))
          await send(.echo(id))
        }
      case .echo:
        return .none
      }
    }
  }

  @Test func advancingAnHourTicksEveryTimerEverySecond() async throws {
    let clock = TestClock()
    let store = Store(initialState: Ticker.State()) { Ticker(clock: clock) }
    for id in 0..<20 { store.send(.start(id)) }
    await clock.advance(by: .seconds(10))
    #expect(store.state.ticks == Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, 10) }))
    await clock.advance(by: .seconds(3600))
    #expect(store.state.ticks == Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, 3610) }))
  }

  @Test func workStartedByAFireIsDoneBeforeTheNextInstant() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker(clock: clock) }
    store.exhaustivity = .off
    let timer = try await store.send(.start(1))
    await clock.advance(by: .milliseconds(10_500))
    // The tenth tick (at 10 s) started a 0.5 s sleep, which answered at 10.5 s.
    try await store.receive(.echo(1))
    #expect(store.state.ticks == [1: 10])
    await timer.cancel()
    try await store.finish()
  }

  @Test func aSleepOfZeroWaitsForTheNextAdvance() async throws {
    let clock = TestClock()
    let woke = Probe()
    let task = Task {
      try await clock.sleep(for: .zero)
      woke.record("woke")
    }
    // A plain task is not tracked as an effect is: wait until it sleeps (on a loaded machine it
    // may start late), then give it every chance to run: it must stay asleep until an advance.
    #expect(await eventually { clock.sleeperCount == 1 })
    for _ in 0..<100 { await Task.yield() }
    #expect(woke.all.isEmpty)
    await clock.advance()
    try await task.value
    #expect(woke.all == ["woke"])
    #expect(clock.now.offset == .zero)
  }

  @Test func aSleepUntilAPastDeadlineWaitsForTheNextRun() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    let task = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
    #expect(await eventually { clock.sleeperCount == 1 })
    await clock.run()
    try await task.value
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func aWokenTaskThatWaitsForSomethingElseDoesNotHoldTheClock() async throws {
    let clock = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let received = Probe()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      for await value in stream { received.record("\(value)") }
    }
    #expect(await eventually { clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(1))
    continuation.yield(7)
    continuation.finish()
    try await task.value
    #expect(received.all == ["7"])
  }
}
