import Testing

@testable import EffectCore

/// Timers on the real clocks share one wake-up. These tests use the real clock for a few
/// milliseconds at most; each makes its own `SharedWakeUps`, so tests running at the same time
/// never share one.
@Suite struct SharedWakeUpsTests {
  let clock = ContinuousClock()

  @Test func aSleeperNeverWakesBeforeItsDeadline() async throws {
    let wakeUps = SharedWakeUps(clock: clock, window: .milliseconds(1))
    for _ in 0..<3 {
      let deadline = wakeUps.elapsed + .milliseconds(2)
      try await wakeUps.sleep(until: deadline)
      #expect(wakeUps.elapsed >= deadline)
    }
    #expect(wakeUps.waiting == 0)
  }

  @Test func manySleepersShareWakeUpsAndAllWake() async {
    let wakeUps = SharedWakeUps(clock: clock, window: .milliseconds(1))
    let woken = LockIsolated(0)
    let start = wakeUps.elapsed
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<500 {
        group.addTask {
          let deadline = start + .microseconds(index * 10)
          try? await wakeUps.sleep(until: deadline)
          if wakeUps.elapsed >= deadline { woken.withLock { $0 += 1 } }
        }
      }
    }
    #expect(woken.value == 500)
    #expect(wakeUps.waiting == 0)
  }

  @Test func cancellingASleeperThrowsAtOnce() async {
    let wakeUps = SharedWakeUps(clock: clock, window: .milliseconds(1))
    let task = Task { try await wakeUps.sleep(until: wakeUps.elapsed + .seconds(3600)) }
    while wakeUps.waiting == 0 { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(wakeUps.waiting == 0)
  }

  @Test func aSleeperCancelledBeforeItWaitsThrows() async {
    let wakeUps = SharedWakeUps(clock: clock, window: .milliseconds(1))
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await wakeUps.sleep(until: wakeUps.elapsed + .seconds(3600))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(wakeUps.waiting == 0)
  }

  @Test func anEarlierDeadlineIsNotHeldUpByALaterOne() async throws {
    let wakeUps = SharedWakeUps(clock: clock, window: .milliseconds(1))
    let late = Task { try await wakeUps.sleep(until: wakeUps.elapsed + .seconds(3600)) }
    while wakeUps.waiting == 0 { await Task.yield() }
    let deadline = wakeUps.elapsed + .milliseconds(2)
    try await wakeUps.sleep(until: deadline)
    #expect(wakeUps.elapsed >= deadline)
    #expect(wakeUps.elapsed < deadline + .seconds(60))
    late.cancel()
    _ = await late.result
    #expect(wakeUps.waiting == 0)
  }

  @Test func realClockTimersTickOnTheirOwnSchedule() async {
    let start = clock.now
    var ticks: [Duration] = []
    for await elapsed in clock.timer(interval: .milliseconds(2)) {
      ticks.append(elapsed)
      #expect(clock.now >= start.advanced(by: elapsed))
      if ticks.count == 3 { break }
    }
    #expect(ticks == [.milliseconds(2), .milliseconds(4), .milliseconds(6)])
  }

  @Test func aCancelledRealClockTimerEnds() async {
    let task = Task {
      var count = 0
      for await _ in SuspendingClock().timer(interval: .seconds(3600)) { count += 1 }
      return count
    }
    task.cancel()
    #expect(await task.value == 0)
  }

  @Test func deadlineQueueHandsOutTheEarliestFirst() {
    var queue = DeadlineQueue()
    var inserted: [(Duration, UInt64)] = []
    for id in 0..<1_000 as Range<UInt64> {
      // Scrambled, with ties: 7,919 is prime, so the deadlines jump around 0..<100.
      let deadline = Duration.milliseconds(Int64(id &* 7_919 % 100))
      queue.insert(deadline, id: id)
      inserted.append((deadline, id))
    }
    var popped: [(Duration, UInt64)] = []
    while let first = queue.first {
      popped.append(first)
      queue.removeFirst()
    }
    let expected = inserted.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    #expect(popped.map(\.1) == expected.map(\.1))
  }

  @Test func deadlineQueueDropsAbandonedEntries() {
    var queue = DeadlineQueue()
    for id in 0..<200 as Range<UInt64> { queue.insert(.seconds(Int64(id)), id: id) }
    for _ in 0..<150 { queue.noteAbandoned() }
    #expect(queue.needsCompaction)
    queue.compact { $0 % 4 == 0 }
    #expect(queue.count == 50)
    #expect(!queue.needsCompaction)
    #expect(queue.first?.1 == 0)
  }
}
