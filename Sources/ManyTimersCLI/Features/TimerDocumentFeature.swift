import EffectIdentifier
import Foundation
import SharedState

/// One open document: its `LonelyTimer`, namespaced by the document's id so that two documents
/// never cancel each other's timers, even with the same name.
struct TimerDocumentFeature: Reducer {
  struct State: Equatable, Codable, Sendable {
    let id: UUID
    var timer: LonelyTimer.State
    @ParentState<BellKey> var bell
  }

  enum Action: Equatable, Sendable {
    case timer(LonelyTimer.Action)
    case rename(String)
    case setDuration(Int)
    case setBell(Bool)
  }

  var body: some Reducer<State, Action> {
    WithParentState(\.$bell) {
      Scope(state: \.timer, action: /Action.timer) { LonelyTimer() }
      Reduce { state, action in
        switch action {
        case .timer:
          break
        case .rename(let name):
          state.timer.name = name
        case .setDuration(let seconds):
          state.timer.change(duration: seconds)
        case .setBell(let isOn):
          state.bell = isOn
        }
        return .none
      }
    }
    .namespace(\.id)
  }
}
