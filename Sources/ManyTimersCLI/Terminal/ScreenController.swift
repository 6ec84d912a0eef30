import EffectCore
import Foundation

/// What the keys do on the interactive screen, apart from the terminal: the selected row, the
/// commands sent to the host, and, while one is open, the prompt or confirmation that
/// ``ScreenModals`` presents.
@MainActor
final class ScreenController {
  let host: any TimerHost
  /// The prompt and the delete confirmation, as presented state.
  let modals: Store<ScreenModals.State, ScreenModals.Action>
  private(set) var selected = 0
  private(set) var message: String?
  private(set) var wantsToQuit = false

  init(host: any TimerHost) {
    self.host = host
    modals = Store(initialState: ScreenModals.State()) { ScreenModals(host: host) }
  }

  /// The open prompt, if any.
  var prompt: TextPrompt.State? { modals.prompt }

  /// The open confirmation, if any.
  var confirmation: ConfirmationDialogState<ScreenModals.Confirmation>? { modals.confirmation }

  /// The prompt line the screen shows, if any.
  var promptLine: String? {
    if let prompt {
      switch prompt.purpose {
      case .rename(let row):
        return
          " Rename timer \(row + 1): \(Self.tail(prompt.text))█  (enter to keep, esc to cancel)"
      case .add:
        return " New timer [NAME] [DUR]: \(Self.tail(prompt.text))█  (enter to add, esc to cancel)"
      }
    }
    guard let confirmation else { return nil }
    let choices = confirmation.buttons.map { button in
      (button.role == .cancel ? "n " : "y ") + String(state: button.label)
    }
    return " \(String(state: confirmation.title))  " + choices.joined(separator: " · ")
  }

  /// The most characters of a prompt's text the prompt line shows: its end, where the cursor
  /// is. A screen is narrower, and the line is drawn at every key.
  static let shownPromptCharacters = 300

  /// The end of a prompt's text, found from the end (a long text is not walked through).
  private static func tail(_ text: String) -> String {
    guard
      let start = text.index(
        text.endIndex, offsetBy: -shownPromptCharacters, limitedBy: text.startIndex),
      start > text.startIndex
    else { return text }
    return "…" + text[start...]
  }

  /// Handles the keys of one read, in order. While a prompt is open, the characters that come
  /// together (a paste) reach it as one action. Keys after `q` are not handled.
  func handle(_ keys: [Key]) async {
    var index = keys.startIndex
    while index < keys.endIndex, !wantsToQuit {
      if prompt != nil, case .character = keys[index] {
        var text = ""
        while index < keys.endIndex, case .character(let character) = keys[index] {
          text.append(character)
          index += 1
        }
        message = nil
        await sendToModals(.prompt(.presented(.typedText(text))))
        continue
      }
      await handle(keys[index])
      index += 1
    }
  }

  /// Handles a key, and returns once what it started is done: an edit has reached the host, a
  /// prompt or confirmation has closed.
  func handle(_ key: Key) async {
    message = nil
    if prompt != nil {
      guard let action = promptAction(for: key) else { return }
      await sendToModals(.prompt(.presented(action)))
      return
    }
    if let confirmation {
      guard let choice = choice(for: key, in: confirmation) else { return }
      await sendToModals(.confirmation(choice))
      return
    }
    let count = host.rowCount
    switch key {
    case .up, .character("k"): selected = max(0, selected - 1)
    case .down, .character("j"): selected = min(max(0, count - 1), selected + 1)
    case .character(" "): sendToSelected(.toggle)
    case .character("s"): sendToSelected(.start)
    case .character("x"): sendToSelected(.stop)
    case .character("r"): sendToSelected(.reset)
    case .character("S"):
      // Starting more timers than the machine ticks once a second would leave the keys behind.
      guard count <= TimerBudget.maximumCounting else {
        message =
          " S starts at most \(TimerBudget.maximumCounting) timers on this machine "
          + "(\(TimerBudget.countingReason)): start timers with s"
        return
      }
      host.startAll()
    case .character("X"): host.stopAll()
    case .character("b"): host.setBell(!host.bell)
    case .character("u"): host.undo(row: count > 0 ? selected : nil)
    case .character("U"), .controlR: host.redo(row: count > 0 ? selected : nil)
    case .character("+"), .character("="): changeDuration(by: 10)
    case .character("-"), .character("_"): changeDuration(by: -10)
    case .character("n"):
      guard count > 0 else { return }
      await sendToModals(.renameTapped(row: selected, name: host.row(selected).name))
    case .character("a"):
      guard host.canAddAndRemove else {
        message = " Documents are added with 'many-timers new FILE'."
        return
      }
      await sendToModals(.addTapped)
    case .character("d"):
      guard host.canAddAndRemove else {
        message = " Close a document by leaving it out of 'many-timers open'."
        return
      }
      guard count > 0 else { return }
      await sendToModals(.deleteTapped(row: selected, name: host.row(selected).name))
    case .character("q"), .controlC: wantsToQuit = true
    default: break
    }
  }

  /// What a key does in the open prompt.
  private func promptAction(for key: Key) -> TextPrompt.Action? {
    switch key {
    case .escape, .controlC: .cancelled
    case .backspace: .erased
    case .character(let character): .typed(character)
    case .enter: .submitted
    default: nil
    }
  }

  /// What a key chooses in the open confirmation: `y` (or enter) its first choice that is not
  /// the cancel button, `n` (or escape) the cancel button; a cancel button sends nothing, which
  /// dismisses the confirmation.
  private func choice(
    for key: Key, in confirmation: ConfirmationDialogState<ScreenModals.Confirmation>
  ) -> PresentationAction<ScreenModals.Confirmation>? {
    let button: ButtonState<ScreenModals.Confirmation>?
    switch key {
    case .character("y"), .enter: button = confirmation.buttons.first { $0.role != .cancel }
    case .character("n"), .escape, .controlC:
      button = confirmation.buttons.first { $0.role == .cancel }
    default: return nil
    }
    var chosen: ScreenModals.Confirmation?
    button?.withAction { chosen = $0 }
    return chosen.map(PresentationAction.presented) ?? .dismiss
  }

  /// Sends to the modals and waits for their effects: the edits they end in, and their closing.
  private func sendToModals(_ action: ScreenModals.Action) async {
    let countBefore = host.rowCount
    await modals.send(action).finish()
    message = modals.message
    let count = host.rowCount
    selected = count > countBefore ? count - 1 : min(selected, max(0, count - 1))
  }

  private func sendToSelected(_ action: LonelyTimer.Action) {
    guard selected < host.rowCount else { return }
    host.send(action, row: selected)
  }

  private func changeDuration(by seconds: Int) {
    guard selected < host.rowCount else { return }
    let duration = host.row(selected).duration
    host.setDuration(
      row: selected, seconds: min(TimerDuration.maximum, max(0, duration + seconds)))
  }
}
