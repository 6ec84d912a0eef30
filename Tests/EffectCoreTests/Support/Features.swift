import EffectCore

/// A counter with a delayed increment on an injected clock.
struct Counter: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case delayedIncrement
    case incrementTwiceNow
  }
  var clock: any Clock<Duration> = TestClock()

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .decrement:
      state.count -= 1
      return .none
    case .delayedIncrement:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.increment)
      }
    case .incrementTwiceNow:
      return .merge(.send(.increment), .send(.increment))
    }
  }
}

/// A ticking timer that counts ticks, with a cancellation id.
struct Ticker: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    var id: Int = 0
    var ticks = 0
    var isRunning = false
  }
  enum Action: Equatable, Sendable { case start, stop, tick }
  enum TimerID: Hashable, Sendable { case timer }
  let clock: TestClock<Duration>
  var probe: Probe?

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.isRunning = true
      return .run { [clock, probe] send in
        await withTaskCancellationHandler {
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        } onCancel: {
          probe?.record("cancelled")
        }
      }
      .cancellable(id: TimerID.timer, cancelInFlight: true)
    case .stop:
      state.isRunning = false
      return .cancel(id: TimerID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// Collects events from effects, across tasks.
final class Probe: Sendable {
  private let events = LockIsolated<[String]>([])

  func record(_ event: String) { events.withLock { $0.append(event) } }
  var all: [String] { events.withLock { $0 } }
}

/// Collects runtime warnings.
final class WarningLog: Sendable {
  private let messages = LockIsolated<[String]>([])

  func record(_ message: String) { messages.withLock { $0.append(message) } }
  var all: [String] { messages.withLock { $0 } }

  /// Runs `operation` with warnings going to this log.
  func capture<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await RuntimeWarning.$handler.withValue({ self.record($0) }, operation: operation)
  }
}

/// Waits (by yielding, then polling for at most `timeout` of real time) until a condition
/// holds. The margin is for a loaded machine: a condition that holds returns at once.
@MainActor
func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
  for _ in 0..<1000 {
    if condition() { return true }
    await Task.yield()
  }
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while clock.now < deadline {
    if condition() { return true }
    try? await clock.sleep(for: .milliseconds(1))
  }
  return condition()
}

extension Collection {
  /// The one element, if there is exactly one.
  var only: Element? { count == 1 ? first : nil }
}
