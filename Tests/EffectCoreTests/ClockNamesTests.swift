import EffectCore
import Testing

/// swift-clocks' `AnyClock` and `UnimplementedClock`, with their tests' behaviour.
@Suite struct ClockNamesTests {
  @Test func anyClockCountsFromWhenItWasWrapped() async throws {
    let test = TestClock()
    await test.advance(by: .seconds(10))
    let clock = AnyClock(test)
    #expect(clock.now.offset == .zero)
    await test.advance(by: .seconds(2))
    #expect(clock.now.offset == .seconds(2))
    #expect(clock.minimumResolution == test.minimumResolution)
  }

  @Test func anyClockSleepsOnTheClockItWraps() async {
    await bounded {
      let test = TestClock()
      let clock = AnyClock(test)
      let task = Task { try await clock.sleep(for: .seconds(1)) }
      await test.advance(by: .seconds(1))
      try await task.value
      #expect(test.now.offset == .seconds(1))
    }
  }

  @Test func unimplementedClockFailsEachUseAtItsMaker() async throws {
    let clock = UnimplementedClock()
    let line = #line - 1
    let messages = LockIsolated<[String]>([])
    let lines = LockIsolated<[Int]>([])
    try await withKnownIssue {
      try await clock.sleep(for: .seconds(1))
    } matching: { issue in
      messages.withLock { $0.append(String(describing: issue)) }
      lines.withLock { $0.append(issue.sourceLocation?.line ?? 0) }
      return true
    }
    #expect(messages.value.contains { $0.contains("Unimplemented: Clock.sleep") })
    #expect(messages.value.allSatisfy { $0.contains("Unimplemented: Clock.") })
    #expect(lines.value.allSatisfy { $0 == line })
  }

  @Test func unimplementedClockWithANameAndTheStaticMaker() async throws {
    let named: some Clock<Duration> = UnimplementedClock(name: "ContinuousClock")
    let messages = LockIsolated<[String]>([])
    try await withKnownIssue {
      try await named.sleep(for: .seconds(1))
      let clock: some Clock<Duration> = .unimplemented()
      _ = clock.now
    } matching: { issue in
      messages.withLock { $0.append(String(describing: issue)) }
      return true
    }
    #expect(messages.value.contains { $0.contains("Unimplemented: ContinuousClock.sleep") })
    #expect(messages.value.contains { $0.contains("Unimplemented: Clock.now") })
  }

  @Test func unimplementedClockStillSleepsLikeItsBase() async throws {
    await withKnownIssue {
      let clock = UnimplementedClock(TestClock(), name: "TestClock")
      let task = Task { try await clock.sleep(for: .seconds(1)) }
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
    } matching: { _ in
      true
    }
  }
}
