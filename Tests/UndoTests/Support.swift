import Undo

/// A list of timers that tick through an effect: the shape of ManyTimers' shoebox.
struct Timers: Reducer {
  struct State: Equatable, Codable {
    var title = "Timers"
    var timers: IdentifiedArrayOf<Timer> = []
  }
  struct Timer: Equatable, Codable, Identifiable {
    var id: Int
    var name: String
    var remaining: Int
  }
  enum Action: Equatable {
    case add(Timer)
    case remove(id: Int)
    case rename(id: Int, String)
    case setTitle(String)
    case start(id: Int)
    case tick(id: Int)
    case nothing
  }
  let clock: TestClock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let timer):
      state.timers.append(timer)
    case .remove(let id):
      state.timers.remove(id: id)
    case .rename(let id, let name):
      state.timers[id: id]?.name = name
    case .setTitle(let title):
      state.title = title
    case .start(let id):
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick(id: id)) }
      }
      .cancellable(id: id, cancelInFlight: true)
    case .tick(let id):
      state.timers[id: id]?.remaining -= 1
    case .nothing:
      break
    }
    return .none
  }
}

extension Timers.State {
  static let two = Timers.State(timers: [
    Timers.Timer(id: 1, name: "Tea", remaining: 10),
    Timers.Timer(id: 2, name: "Eggs", remaining: 20),
  ])
}
