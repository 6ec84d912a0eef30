import EffectCore
import Foundation
import Injection
import Testing

/// A date that follows a test clock: one virtual clock drives what a feature sleeps on and the
/// date it reads, as TCA's `RunLoop.test` did.
@MainActor
@Suite struct DateFollowingClockTests {
  struct Timer: Reducer {
    struct State: Equatable {
      var startedAt: Date?
      var firedAt: Date?
    }
    enum Action: Equatable {
      case start
      case fired
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.date) var date

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        state.startedAt = date.now
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(90))
          await send(.fired)
        }
      case .fired:
        state.firedAt = date.now
        return .none
      }
    }
  }

  @Test func theDateAdvancesWithTheClock() async {
    let clock = TestClock()
    let start = Date(timeIntervalSince1970: 1_000)
    let date = DateGenerator.following(clock, startingAt: start)
    #expect(date.now == start)
    await clock.advance(by: .milliseconds(1_500))
    #expect(date.now == start.addingTimeInterval(1.5))
    await clock.advance(by: .seconds(60))
    #expect(date() == start.addingTimeInterval(61.5))
  }

  @Test func aFeatureReadsTheDateOfTheClockItSleepsOn() async throws {
    let clock = TestClock()
    let start = Date(timeIntervalSince1970: 0)
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .following(clock, startingAt: start)
    }
    try await store.send(.start) { $0.startedAt = start }
    await clock.advance(by: .seconds(90))
    try await store.receive(.fired) { $0.firedAt = start.addingTimeInterval(90) }
    try await store.finish()
  }
}
