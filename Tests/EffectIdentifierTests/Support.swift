import EffectIdentifier

/// A timer that knows nothing of lists or documents: its one effect id is an `@EffectID`.
struct Ticker: Reducer {
  struct State: Equatable, Sendable {
    var ticks = 0
    var isRunning = false
  }
  enum Action: Equatable, Sendable {
    case start
    case stop
    case tick
    case reportID
    case reportedIDs(reducer: EffectID, effect: EffectID)
  }
  let clock: TestClock<Duration>
  var log: IDLog?

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    @EffectID var timerID
    switch action {
    case .start:
      state.isRunning = true
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: timerID, cancelInFlight: true)
    case .stop:
      state.isRunning = false
      return .cancel(id: timerID)
    case .tick:
      state.ticks += 1
      return .none
    case .reportID:
      let inReducer = timerID
      return .run { [log] _ in
        log?.record(reducer: inReducer, effect: timerID)
      }
    case .reportedIDs:
      return .none
    }
  }
}

/// Collects effect ids seen in reducers and effects.
final class IDLog: Sendable {
  private let pairs = LockIsolated<[(reducer: EffectID, effect: EffectID)]>([])

  func record(reducer: EffectID, effect: EffectID) {
    pairs.withLock { $0.append((reducer, effect)) }
  }

  var all: [(reducer: EffectID, effect: EffectID)] { pairs.withLock { $0 } }
}

/// Reads an `@EffectID` declared in a reducer, under whatever namespaces are in force.
struct IDReader: Reducer {
  typealias State = [EffectID]
  typealias Action = Void

  func reduce(into state: inout [EffectID], action: Void) -> Effect<Void> {
    @EffectID var id
    state.append(id)
    return .none
  }
}
