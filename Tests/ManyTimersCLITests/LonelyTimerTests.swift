import EffectCore
import Injection
import Testing

@testable import ManyTimersCLI

@MainActor
@Suite struct LonelyTimerTests {
  func makeStore(
    _ state: LonelyTimer.State, clock: TestClock<Duration>
  ) -> TestStore<LonelyTimer.State, LonelyTimer.Action> {
    TestStore(initialState: state) {
      LonelyTimer()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aFourSecondTimerFinishesAfterExactlyFourTicks() async throws {
    let clock = TestClock()
    let store = makeStore(.init(name: "Tea", duration: 4), clock: clock)
    try await store.send(.start) { $0.status = .counting }
    await clock.advance(by: .seconds(3))
    try await store.receive(.tick) { $0.remaining = 3 }
    try await store.receive(.tick) { $0.remaining = 2 }
    try await store.receive(.tick) { $0.remaining = 1 }
    await clock.advance(by: .seconds(1))
    try await store.receive(.tick) {
      $0.remaining = 0
      $0.status = .finished
    }
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  @Test func toggleStartsStopsAndResets() async throws {
    let clock = TestClock()
    let store = makeStore(.init(name: "Tea", duration: 1), clock: clock)
    try await store.send(.toggle) { $0.status = .counting }
    try await store.send(.toggle) { $0.status = .ready }
    try await store.send(.toggle) { $0.status = .counting }
    await clock.advance(by: .seconds(1))
    try await store.receive(.tick) {
      $0.remaining = 0
      $0.status = .finished
    }
    try await store.send(.toggle) {
      $0.remaining = 1
      $0.status = .ready
    }
    try await store.finish()
  }

  @Test func resetRestoresTheDurationAndStops() async throws {
    let clock = TestClock()
    let store = makeStore(.init(name: "Tea", duration: 5), clock: clock)
    try await store.send(.start) { $0.status = .counting }
    await clock.advance(by: .seconds(2))
    try await store.receive(.tick) { $0.remaining = 4 }
    try await store.receive(.tick) { $0.remaining = 3 }
    try await store.send(.reset) {
      $0.remaining = 5
      $0.status = .ready
    }
    await clock.advance(by: .seconds(2))
    try await store.finish()
  }

  @Test func stopCancelsTheTimer() async throws {
    let clock = TestClock()
    let store = makeStore(.init(name: "Tea", duration: 5), clock: clock)
    try await store.send(.start) { $0.status = .counting }
    try await store.send(.stop) { $0.status = .ready }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func changingTheDurationKeepsWhatWasCounted() {
    var timer = LonelyTimer.State(name: "T", duration: 60, remaining: 50, status: .counting)
    timer.change(duration: 30)
    #expect(timer.remaining == 20)
    var fresh = LonelyTimer.State(name: "T", duration: 60)
    fresh.change(duration: 90)
    #expect(fresh.remaining == 90)
    var short = LonelyTimer.State(name: "T", duration: 60, remaining: 5, status: .ready)
    short.change(duration: 10)
    #expect(short.remaining == 0)
  }
}
