import Injection

/// A line of text the screen asks for: a timer's new name, or a new timer. The screen presents
/// it (``ScreenModals``); it edits its text and closes itself, knowing nothing of timers.
struct TextPrompt: Reducer {
  struct State: Equatable {
    /// What the text is for, which the presenting feature reads when it is submitted.
    enum Purpose: Equatable {
      case rename(row: Int)
      case add
    }
    var purpose: Purpose
    var text: String
  }

  enum Action: Equatable {
    case typed(Character)
    case erased
    /// Enter: the presenting feature takes the text; the prompt closes.
    case submitted
    /// Escape: the prompt closes, and nothing changes.
    case cancelled
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let character):
      // Controls and bidirectional overrides would be saved and shown as '?': keep them out.
      guard state.text.count < TimerDocument.maximumNameLength, TerminalText.isSafe(character)
      else { return .none }
      state.text.append(character)
      return .none
    case .erased:
      if !state.text.isEmpty { state.text.removeLast() }
      return .none
    case .submitted, .cancelled:
      return .run { _ in await dismiss() }
    }
  }
}
