import EffectIdentifier
import SharedState

/// A list of timers, each a `LonelyTimer` that never learns it is in a list: `forEachNamespaced`
/// gives every row a namespace of its own, so one `@EffectID` serves them all.
struct Shoebox: Reducer {
  struct State: Equatable, Codable, Sendable {
    var timers: IdentifiedArrayOf<Identified<Int, LonelyTimer.State>> = []
    var nextID = 0
    @ParentState<BellKey> var bell

    /// `count` timers named `Timer 1` … with durations 4 s, 7 s, … (3·i + 4).
    static func standard(count: Int) -> State {
      var state = State()
      for index in 0..<count {
        state.append(LonelyTimer.State(name: "Timer \(index + 1)", duration: 3 * index + 4))
      }
      return state
    }

    mutating func append(_ timer: LonelyTimer.State) {
      timers.append(Identified(timer, id: nextID))
      nextID += 1
    }
  }

  enum Action: Equatable, Sendable {
    case timers(id: Int, action: LonelyTimer.Action)
    /// Appends a timer; without a name it is called `Timer N`.
    case add(name: String?, duration: Int)
    /// Puts back a removed timer where it was; one that was counting starts again.
    case insert(Identified<Int, LonelyTimer.State>, at: Int)
    case remove(id: Int)
    case rename(id: Int, name: String)
    case setDuration(id: Int, seconds: Int)
    case startAll
    case stopAll
    case setBell(Bool)
  }

  var body: some Reducer<State, Action> {
    WithParentState(\.$bell) {
      edits.forEachNamespaced(\.timers, action: /Action.timers) { LonelyTimer() }
    }
  }

  private var edits: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .timers:
        return .none
      case .add(let name, let duration):
        let name = name ?? "Timer \(state.timers.count + 1)"
        state.append(LonelyTimer.State(name: name, duration: duration))
        return .none
      case .insert(let timer, let index):
        state.timers.insert(timer, at: min(max(0, index), state.timers.count))
        state.nextID = max(state.nextID, timer.id + 1)
        return timer.status == .counting ? .send(.timers(id: timer.id, action: .start)) : .none
      case .remove(let id):
        state.timers.remove(id: id)
        return .none
      case .rename(let id, let name):
        state.timers[id: id]?.name = name
        return .none
      case .setDuration(let id, let seconds):
        state.timers[id: id]?.value.change(duration: seconds)
        return .none
      case .startAll:
        return .merge(
          state.timers.filter { $0.status == .ready }.map {
            .send(.timers(id: $0.id, action: .start))
          })
      case .stopAll:
        return .merge(
          state.timers.filter { $0.status == .counting }.map {
            .send(.timers(id: $0.id, action: .stop))
          })
      case .setBell(let isOn):
        state.bell = isOn
        return .none
      }
    }
  }
}

extension LonelyTimer.State {
  /// A new duration: a timer that has not started takes it whole; a started one keeps what it
  /// has counted, within the new duration.
  mutating func change(duration seconds: Int) {
    let seconds = max(0, seconds)
    let elapsed = duration - remaining
    duration = seconds
    switch status {
    case .ready where elapsed == 0: remaining = seconds
    case .finished: remaining = 0
    default: remaining = max(0, min(seconds, seconds - elapsed))
    }
  }
}
