import EffectCore
import Testing

/// The sleepers here are plain tasks, which a test clock does not track as it tracks effects: each
/// test waits until they are asleep before it moves time (on a loaded machine a new task can
/// take a while to start).
@Suite struct ClockTests {
  @Test func testClockWakesSleepersInDeadlineOrder() async {
    let clock = TestClock()
    let order = Probe()
    let a = Task {
      try await clock.sleep(for: .seconds(2))
      order.record("2")
    }
    let b = Task {
      try await clock.sleep(for: .seconds(1))
      order.record("1")
    }
    #expect(await eventually { clock.sleeperCount == 2 })
    await clock.advance(by: .seconds(1))
    #expect(order.all == ["1"])
    await clock.advance(to: .init(offset: .seconds(5)))
    #expect(order.all == ["1", "2"])
    #expect(clock.now.offset == .seconds(5))
    _ = await (a.result, b.result)
  }

  @Test func cancellingASleeperThrows() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await eventually { clock.sleeperCount == 1 })
    await clock.advance()
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func timerTicksOncePerIntervalOnAnExistentialClock() async {
    let clock = TestClock()
    let existential: any Clock<Duration> = clock
    let ticks = Probe()
    let task = Task {
      for await _ in existential.timer(interval: .seconds(1)) { ticks.record("tick") }
    }
    #expect(await eventually { clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(3))
    #expect(ticks.all.count == 3)
    task.cancel()
    await task.value
  }

  @Test func runFinishesAllSleepers() async {
    let clock = TestClock()
    let task = Task {
      try await clock.sleep(for: .seconds(10))
      try await clock.sleep(for: .seconds(10))
    }
    #expect(await eventually { clock.sleeperCount == 1 })
    await clock.run()
    #expect(clock.now.offset == .seconds(20))
    #expect((try? await task.value) != nil)
  }

  @Test func immediateClockReturnsAtOnce() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3600))
    #expect(clock.now.offset == .seconds(3600))
  }
}
