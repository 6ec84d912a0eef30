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
    /// Several characters at once, as a paste brings them: one action, not one per character.
    case typedText(String)
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
      return reduce(into: &state, action: .typedText(String(character)))
    case .typedText(let text):
      // Counted once, then kept up as characters come: a paste of 100 KB costs its length, not
      // its length squared. A character may merge with the one before (a combining mark), so
      // the count is an upper bound, which keeps the text within the document's bounds.
      var count = state.text.count
      var bytes = JSONText.string(state.text).utf8.count - 2
      for character in text {
        // Controls and bidirectional overrides would be saved and shown as '?': keep them out.
        guard TerminalText.isSafe(character) else { continue }
        let size = TimerDocument.savedBytes(of: character)
        guard count < TimerDocument.maximumNameLength,
          bytes + size <= TimerDocument.maximumNameBytes
        else { break }
        state.text.append(character)
        count += 1
        bytes += size
      }
      return .none
    case .erased:
      if !state.text.isEmpty { state.text.removeLast() }
      return .none
    case .submitted, .cancelled:
      return .run { _ in await dismiss() }
    }
  }
}
