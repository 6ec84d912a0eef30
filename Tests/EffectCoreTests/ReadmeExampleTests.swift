import EffectCore
import Testing

// The README's example, kept compiling and passing.
private struct Countdown: Reducer {
  struct State: Equatable {
    var remaining = 3
    var isRunning = false
  }
  enum Action: Equatable { case start, stop, tick }
  enum TimerID: Hashable { case timer }
  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.isRunning = true
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: TimerID.timer, cancelInFlight: true)
    case .stop:
      state.isRunning = false
      return .cancel(id: TimerID.timer)
    case .tick:
      state.remaining -= 1
      guard state.remaining == 0 else { return .none }
      state.isRunning = false
      return .cancel(id: TimerID.timer)
    }
  }
}

@Test @MainActor func readmeCountdownCountsDownToZero() async throws {
  let clock = TestClock()
  let store = TestStore(initialState: Countdown.State()) { Countdown(clock: clock) }
  try await store.send(.start) { $0.isRunning = true }
  await clock.advance(by: .seconds(3))
  try await store.receive(.tick) { $0.remaining = 2 }
  try await store.receive(.tick) { $0.remaining = 1 }
  try await store.receive(.tick) {
    $0.remaining = 0
    $0.isRunning = false
  }
  try await store.finish()
}
