import Foundation

/// What the keys do on the interactive screen, apart from the terminal: the selected row, the
/// rename and add prompts, and the commands sent to the host.
@MainActor
final class ScreenController {
  enum Prompt: Equatable {
    case rename(row: Int, text: String)
    case add(text: String)
  }

  let host: any TimerHost
  private(set) var selected = 0
  private(set) var prompt: Prompt?
  private(set) var message: String?
  private(set) var wantsToQuit = false

  init(host: any TimerHost) {
    self.host = host
  }

  /// The prompt line the screen shows, if any.
  var promptLine: String? {
    switch prompt {
    case .rename(let row, let text):
      " Rename timer \(row + 1): \(text)█  (enter to keep, esc to cancel)"
    case .add(let text): " New timer [NAME] [DUR]: \(text)█  (enter to add, esc to cancel)"
    case nil: nil
    }
  }

  func handle(_ key: Key) {
    message = nil
    if let prompt {
      handle(key, in: prompt)
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
    case .character("S"): host.startAll()
    case .character("X"): host.stopAll()
    case .character("b"): host.setBell(!host.bell)
    case .character("u"): host.undo(row: count > 0 ? selected : nil)
    case .character("U"), .controlR: host.redo(row: count > 0 ? selected : nil)
    case .character("+"), .character("="): changeDuration(by: 10)
    case .character("-"), .character("_"): changeDuration(by: -10)
    case .character("n"):
      guard count > 0 else { return }
      prompt = .rename(row: selected, text: host.row(selected).name)
    case .character("a"):
      guard host.canAddAndRemove else {
        message = " Documents are added with 'many-timers new FILE'."
        return
      }
      prompt = .add(text: "")
    case .character("d"):
      guard host.canAddAndRemove else {
        message = " Close a document by leaving it out of 'many-timers open'."
        return
      }
      guard count > 0 else { return }
      host.remove(row: selected)
      selected = min(selected, max(0, host.rowCount - 1))
    case .character("q"), .controlC: wantsToQuit = true
    default: break
    }
  }

  private func handle(_ key: Key, in prompt: Prompt) {
    var text: String
    switch prompt {
    case .rename(_, let current), .add(let current): text = current
    }
    switch key {
    case .escape, .controlC:
      self.prompt = nil
      return
    case .backspace:
      if !text.isEmpty { text.removeLast() }
    case .character(let character):
      // Controls and bidirectional overrides would be saved and shown as '?': keep them out.
      guard text.count < TimerDocument.maximumNameLength, TerminalText.isSafe(character) else {
        return
      }
      text.append(character)
    case .enter:
      self.prompt = nil
      commit(prompt, text)
      return
    default:
      return
    }
    switch prompt {
    case .rename(let row, _): self.prompt = .rename(row: row, text: text)
    case .add: self.prompt = .add(text: text)
    }
  }

  private func commit(_ prompt: Prompt, _ text: String) {
    switch prompt {
    case .rename(let row, _):
      let name = text.trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty, row < host.rowCount, host.row(row).name != name else { return }
      host.rename(row: row, to: name)
    case .add:
      switch Result(catching: { () throws(ScriptError) in try ScriptCommand.parse("add " + text) })
      {
      case .success(.add(let name, let duration)):
        host.add(name: name, duration: duration)
        selected = max(0, host.rowCount - 1)
      default:
        message = " Could not read that; try: Tea 3m"
      }
    }
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
