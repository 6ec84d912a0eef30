import Testing

@testable import EffectCore

/// A test clock waits for the effects of the test that moves it, not for those of the tests
/// running beside it: a busy test would otherwise hold every other test's clock for as long as
/// it runs, and a blocked effect of another test would cost each advance the half second after
/// which a blocked effect is let go.
@MainActor
@Suite struct TestClockDomainTests {
  @Test func aBlockedEffectOfAnotherTestIsNotWaitedFor() async throws {
    let clock = TestClock()
    let (never, feed) = AsyncStream<Int>.makeStream()
    let blocked = LockIsolated<UInt?>(nil)
    let other = Store(initialState: 0) {
      Reduce<Int, Void> { _, _ in
        .run { _ in
          blocked.setValue(ClockActivity.currentTask)
          for await _ in never {}
        }
      }
    }
    // Started as the store of another test would start it (a domain no test has).
    let otherTask = ClockActivity.$deliveringDomain.withValue(-1) {
      other.send(())
    }
    #expect(await eventually { blocked.value != nil })

    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state = action
        guard action == 0 else { return .none }
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(1)
        }
      }
    }
    store.send(0)
    await clock.advance(by: .seconds(1))
    #expect(store.withState { $0 } == 1)
    // Still in flight: nobody waited for it long enough to let it go.
    #expect(ClockActivity.isAnyInFlight([blocked.value!]))

    feed.finish()
    await otherTask.finish()
  }

  @Test func theEffectsAnActionStartsBelongToTheTestOfTheEffectThatSentIt() async throws {
    let clock = TestClock()
    let domains = LockIsolated<[ClockActivity.Domain?]>([])
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state = action
        guard action < 2 else { return .none }
        return .run { send in
          // The effect of the action an effect sent (delivered outside the test's task) is
          // tracked in this test's domain too.
          domains.withLock { $0.append(ClockActivity.domain(of: ClockActivity.currentTask!)) }
          try await clock.sleep(for: .seconds(1))
          await send(action + 1)
        }
      }
    }
    store.send(0)
    await clock.advance(by: .seconds(2))
    #expect(store.withState { $0 } == 2)
    let test = ClockActivity.currentDomain
    #expect(test != ClockActivity.noTest)
    #expect(domains.value == [test, test])
  }
}
