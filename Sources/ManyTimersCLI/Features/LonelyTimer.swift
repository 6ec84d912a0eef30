import EffectIdentifier
import Injection
import SharedState

/// One countdown timer. It knows nothing of the world outside: no id, no list, no document.
/// Its only effect identifier is the `@EffectID` declared where it counts; whoever hosts it many
/// times namespaces it.
///
/// | action | behaviour |
/// |---|---|
/// | start | status = counting; a 1-second timer (cancelling any earlier one) sends `tick` |
/// | stop | status = ready; cancels the timer |
/// | toggle | finished → reset; ready → start; counting → stop |
/// | reset | remaining = duration, then stop |
/// | tick | remaining -= 1; at 0: status = finished, timer cancelled, bell rung if on |
///
/// Whether the bell is on is the app's setting, shared through SharedState: `LonelyTimer` follows
/// it with `@ChildState<BellKey>` without knowing who provides it.
///
/// Its state keeps `0 ≤ remaining ≤ duration` through undo and redo (`UndoRepairable`, in
/// `LonelyTimer+Undo.swift`): an undone duration change keeps the time counted since.
struct LonelyTimer: Reducer {
  struct State: Equatable, Codable, Sendable {
    var name: String
    /// Whole seconds.
    var duration: Int
    var remaining: Int
    var status: Status = .ready
    /// The shared bell setting, as this timer last heard it.
    @ChildState<BellKey> var bell

    init(name: String, duration: Int, remaining: Int? = nil, status: Status = .ready) {
      self.name = name
      self.duration = duration
      self.remaining = remaining ?? duration
      self.status = status
    }
  }

  enum Status: String, Codable, Sendable, CaseIterable {
    case ready
    case counting
    case finished
  }

  enum Action: Equatable, Sendable {
    case start
    case stop
    case toggle
    case reset
    case tick
    case bell(SharedStateAction<BellKey>)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.terminalBell) var bell

  var body: some Reducer<State, Action> {
    Reduce(count).sharedState(\.$bell, action: /Action.bell)
  }

  private func count(_ state: inout State, _ action: Action) -> Effect<Action> {
    @EffectID var timerID
    switch action {
    case .start:
      state.status = .counting
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: timerID, cancelInFlight: true)
    case .stop:
      state.status = .ready
      return .cancel(id: timerID)
    case .toggle:
      switch state.status {
      case .finished: return count(&state, .reset)
      case .ready: return count(&state, .start)
      case .counting: return count(&state, .stop)
      }
    case .reset:
      state.remaining = state.duration
      return count(&state, .stop)
    case .tick:
      state.remaining -= 1
      guard state.remaining <= 0 else { return .none }
      state.remaining = 0
      state.status = .finished
      guard state.bell else { return .cancel(id: timerID) }
      return .merge(.cancel(id: timerID), .run { _ in bell.ring() })
    case .bell:
      return .none
    }
  }
}
