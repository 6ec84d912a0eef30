import Testing

@testable import EffectCore

/// swift-clocks' test clock tests, translated: plain tasks, started by the test and not by a
/// store, that have not reached their sleep when the test moves the clock. The clock lets each
/// reach it first, without waiting for them in real time; before, `advance` moved time past them
/// and the test waited for ever. Each runs with a bounded wait, as a hang check. `run(timeout:)`
/// gets a long timeout: before it looks, the clock also waits for the busy effects of the tests
/// running beside it (see "TestClock" in Docs/Testing.md), which under the whole suite can take
/// seconds.
@Suite struct TestClockPlainTaskTests {
  @Test(arguments: 0..<10) func advanceWakesATaskThatHadNotReachedItsSleep(_ round: Int) async {
    await bounded {
      let clock = TestClock()
      let isFinished = ActorIsolated(false)
      Task {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
        await isFinished.setValue(true)
      }
      #expect(await isFinished.value == false)
      await clock.advance(by: .seconds(1))
      #expect(await isFinished.value == true)
    }
  }

  @Test(arguments: 0..<10) func advanceWithReentrantUnitsOfWork(_ round: Int) async {
    await bounded {
      let clock = TestClock()
      let task = Task {
        var count = 0
        for _ in 1...5 {
          try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
          count += 1
        }
        return count
      }
      await clock.advance(by: .seconds(5))
      let value = try await task.value
      #expect(value == 5)
    }
  }

  @Test func runWakesATaskThatHadNotReachedItsSleep() async {
    await bounded(.seconds(150)) {
      let clock = TestClock()
      let isFinished = ActorIsolated(false)
      Task {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
        await isFinished.setValue(true)
      }
      #expect(await isFinished.value == false)
      await clock.run(timeout: .seconds(100))
      #expect(await isFinished.value == true)
    }
  }

  @Test(arguments: 0..<5) func runMultipleUnitsOfWork(_ round: Int) async {
    await bounded(.seconds(150)) {
      let clock = TestClock()
      let timer = clock.timer(interval: .seconds(1)).prefix(10)
      let task = Task {
        var ticks = 0
        for await _ in timer { ticks += 1 }
        return ticks
      }
      await clock.run(timeout: .seconds(100))
      #expect(await task.value == 10)
    }
  }

  @Test(arguments: 0..<5) func runWithReentrantUnitsOfWork(_ round: Int) async {
    await bounded(.seconds(150)) {
      let clock = TestClock()
      let task = Task {
        var count = 0
        for _ in 1...5 {
          try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
          count += 1
        }
        return count
      }
      await clock.run(timeout: .seconds(100))
      let value = try await task.value
      #expect(value == 5)
    }
  }

  @Test func checkSuspensionThrowsWhileATaskSleeps() async {
    await bounded {
      let clock = TestClock()
      Task { try await clock.sleep(for: .seconds(1)) }
      await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
      await clock.advance(by: .seconds(1))
      try await clock.checkSuspension()
    }
  }

  @Test func aCancelledTaskNeverFinishes() async {
    await bounded(.seconds(150)) {
      let clock = TestClock()
      let didFinish = ActorIsolated(false)
      let task = Task {
        try await clock.sleep(for: .seconds(1))
        await didFinish.setValue(true)
      }
      task.cancel()
      await clock.run(timeout: .seconds(100))
      #expect(await didFinish.value == false)
    }
  }

  @Test func cancellationRemovesTheSleep() async {
    await bounded {
      let clock = TestClock()
      let (started, continuation) = AsyncStream<Never>.makeStream()
      let task = Task {
        continuation.finish()
        try await clock.sleep(for: .seconds(1))
      }
      for await _ in started {}
      await Task.yield()
      task.cancel()
      try await clock.checkSuspension()
    }
  }

  @Test func nowMovesByTheAdvance() async {
    await bounded {
      let clock = TestClock()
      let task = Task { try await clock.sleep(for: .seconds(5)) }
      let start = clock.now
      await clock.advance(by: .seconds(5))
      #expect(clock.now == start.advanced(by: .seconds(5)))
      try await task.value
    }
  }

  @Test(arguments: 0..<10) func aTaskThatSleepsAfterAYield(_ round: Int) async {
    await bounded {
      let clock = TestClock()
      let task = Task {
        await Task.yield()
        await Task.yield()
        try await clock.sleep(for: .seconds(1))
        return "woke"
      }
      await clock.advance(by: .seconds(1))
      let value = try await task.value
      #expect(value == "woke")
    }
  }

  actor Counter {
    var value = 0
    func increment() { value += 1 }
  }

  @Test(arguments: 0..<10) func aTaskThatSleepsAfterCallingAnActor(_ round: Int) async {
    await bounded {
      let clock = TestClock()
      let counter = Counter()
      let task = Task {
        await counter.increment()
        try await clock.sleep(for: .seconds(1))
        await counter.increment()
      }
      await clock.advance(by: .seconds(1))
      try await task.value
      #expect(await counter.value == 2)
    }
  }

  @Test(arguments: 0..<10) func aTaskMadeByATaskOfTheTest(_ round: Int) async {
    await bounded {
      let clock = TestClock()
      let probe = Probe()
      Task {
        Task {
          try await clock.sleep(for: .seconds(1))
          probe.record("inner")
        }
        try await clock.sleep(for: .seconds(2))
        probe.record("outer")
      }
      await clock.advance(by: .seconds(1))
      #expect(probe.all == ["inner"])
      await clock.advance(by: .seconds(1))
      #expect(probe.all == ["inner", "outer"])
    }
  }

  @Test func tasksInATaskGroupReachTheirSleeps() async {
    await bounded {
      let clock = TestClock()
      let task = Task {
        await withTaskGroup(of: Int.self) { group in
          for value in 1...3 {
            group.addTask {
              try? await clock.sleep(for: .seconds(value))
              return value
            }
          }
          return await group.reduce(into: []) { $0.append($1) }
        }
      }
      await clock.advance(by: .seconds(3))
      #expect(await task.value == [1, 2, 3])
    }
  }

  /// A woken task that then waits for something the clock does not know (a stream the test
  /// feeds) is not waited for in real time: the clock sees, through the main actor's queue, that
  /// its work has run. (It used to be marked as work in flight, let go only after half a second
  /// of quiet.)
  @Test func aWokenTaskIsNotWaitedForAsWorkInFlight() async {
    await bounded {
      let clock = TestClock()
      let (values, feed) = AsyncStream<Int>.makeStream()
      let task = Task {
        try await clock.sleep(for: .seconds(1))
        let isInFlight = ClockActivity.isAnyInFlight(ClockActivity.currentTask.map { [$0] } ?? [])
        var received: [Int] = []
        for await value in values { received.append(value) }
        return (isInFlight, received)
      }
      await clock.advance(by: .seconds(1))
      feed.yield(1)
      feed.finish()
      let (isInFlight, received) = try await task.value
      #expect(!isInFlight)
      #expect(received == [1])
    }
  }

  @Test func inAMainSerialExecutorScopeToo() async {
    await bounded {
      try await withMainSerialExecutor {
        let clock = TestClock()
        let task = Task {
          var count = 0
          for _ in 1...3 {
            try await clock.sleep(for: .seconds(1))
            count += 1
          }
          return count
        }
        await clock.advance(by: .seconds(3))
        let value = try await task.value
        #expect(value == 3)
      }
    }
  }
}

/// A suite that keeps its clock in a property, as swift-clocks' tests do.
@Suite struct TestClockPropertyTests {
  let clock = TestClock()

  @Test func advanceWakesATaskOfTheTest() async {
    let clock = self.clock
    await bounded {
      let task = Task {
        try await clock.sleep(for: .seconds(1))
        return "woke"
      }
      await clock.advance(by: .seconds(1))
      let value = try await task.value
      #expect(value == "woke")
    }
  }
}

/// A `@MainActor` test's plain tasks are made on the main actor: they never pass through the
/// global executor, and join the clock's family as the main actor gets them.
@MainActor
@Suite struct TestClockMainActorTaskTests {
  @Test(arguments: 0..<10) func advanceWakesATaskMadeOnTheMainActor(_ round: Int) async {
    await bounded { @MainActor () async throws in
      let clock = TestClock()
      var log: [String] = []
      let task = Task {
        try await clock.sleep(for: .seconds(1))
        log.append("woke")
        Task { log.append("inner") }
        try await clock.sleep(for: .seconds(1))
        log.append("woke again")
      }
      await clock.advance(by: .seconds(1))
      #expect(log == ["woke", "inner"])
      await clock.advance(by: .seconds(1))
      try await task.value
      #expect(log == ["woke", "inner", "woke again"])
    }
  }

  @Test(arguments: 0..<10) func aTaskMadeOnTheMainActorThatSleepsAfterAYield(_ round: Int) async {
    await bounded { @MainActor () async throws in
      let clock = TestClock()
      let task = Task {
        await Task.yield()
        try await clock.sleep(for: .seconds(1))
        return "woke"
      }
      await clock.advance(by: .seconds(1))
      #expect(try await task.value == "woke")
    }
  }
}

/// The tasks a clock's family leaves alone.
@Suite struct TestClockFamilyBoundsTests {
  /// An effect keeps its store's executor: the test's task resumes it (through the clock), which
  /// does not make it one of the test's plain tasks.
  @MainActor @Test func anEffectWokenByTheTestKeepsItsExecutor() async throws {
    let clock = TestClock()
    let members = LockIsolated<[Bool]>([])
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, _ in
        .run { _ in
          members.withLock { $0.append(SerialFamilies.isMember(ClockActivity.currentTask)) }
          try await clock.sleep(for: .seconds(1))
          members.withLock { $0.append(SerialFamilies.isMember(ClockActivity.currentTask)) }
        }
      }
    }
    store.useMainSerialExecutor = false
    try await store.send(true)
    await clock.advance(by: .seconds(1))
    try await store.finish()
    #expect(members.value == [false, false])
  }
}
