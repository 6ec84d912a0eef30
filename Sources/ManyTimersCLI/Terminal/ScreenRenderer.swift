/// Draws the timers as lines of text: a title, one row per timer (name, remaining as m:ss, a
/// progress bar, status), the key legend, and a prompt or message line.
struct ScreenRenderer {
  var width: Int
  var height: Int
  var color: Bool

  struct Frame: Equatable {
    var lines: [String]
  }

  func frame(
    rows: [LonelyTimer.State], selected: Int, bell: Bool, prompt: String?, message: String?,
    title: String
  ) -> Frame {
    frame(
      count: rows.count, rows: { Array(rows[$0]) }, selected: selected, bell: bell,
      prompt: prompt, message: message, title: title)
  }

  /// The frame for `count` timers, of which it asks `rows` only for those it shows.
  func frame(
    count: Int, rows: (Range<Int>) -> [LonelyTimer.State], selected: Int, bell: Bool,
    prompt: String?, message: String?, title: String
  ) -> Frame {
    frame(
      count: count,
      rowLines: { shown in
        zip(shown, rows(shown)).map { index, timer in
          row(timer, number: index + 1, isSelected: index == selected)
        }
      },
      selected: selected, bell: bell, prompt: prompt, message: message, title: title)
  }

  /// The frame for `count` timers, of which it asks `rowLines` only for the lines of those it
  /// shows (drawn with ``row(_:number:isSelected:)``): the live screen keeps the lines of rows
  /// that did not change.
  func frame(
    count: Int, rowLines: (Range<Int>) -> [String], selected: Int, bell: Bool,
    prompt: String?, message: String?, title: String
  ) -> Frame {
    var lines: [String] = []
    let bellText = bell ? "bell on" : "bell off"
    let timers = count == 1 ? "1 timer" : "\(count) timers"
    let title = style(fit(" \(title) — \(timers), \(bellText)"), bold: true)
    let legend = [
      dim(fit(" ↑/↓ j/k select · space toggle · s start · x stop · r reset · a add · d delete")),
      dim(
        fit(
          " n rename · +/- 10 s · u undo · U/^R redo · S start all · X stop all · b bell · q quit")),
    ]
    // The prompt, confirmation or message always shows, whatever the size: wrapped when the
    // screen is narrow (its end kept: the choices, the cursor), on the last lines.
    let bottom = wrapped(prompt ?? message ?? "", lines: max(1, height - 1))
    // What the full layout needs besides the timers: title, blank line, legend, bottom.
    let fixed = 2 + legend.count + bottom.count
    let full = height >= fixed + 1
    // A screen too short for that shows the title if it can, then as many timers as fit.
    let hasTitle = full || height - bottom.count >= 2
    let listHeight = full ? height - fixed : height - bottom.count - (hasTitle ? 1 : 0)
    if hasTitle { lines.append(title) }
    if full { lines.append("") }
    if listHeight > 0 {
      let first = max(0, min(selected - listHeight + 1, count - listHeight))
      let shown = first..<min(count, first + listHeight)
      lines += rowLines(shown)
      if count == 0 { lines.append(fit("   (no timers — press a to add one)")) }
    }
    let end = max(0, height - bottom.count - (full ? legend.count : 0))
    while lines.count < end { lines.append("") }
    lines = Array(lines.prefix(end))
    if full { lines += legend }
    lines += bottom
    return Frame(lines: Array(lines.suffix(height)))
  }

  /// `text` cut into lines of the screen's width, at most `limit` of them: the last ones when it
  /// takes more.
  private func wrapped(_ text: String, lines limit: Int) -> [String] {
    guard width > 0 else { return [""] }
    var lines: [String] = []
    var line = ""
    var used = 0
    for character in TerminalText.sanitized(text) {
      let next = TerminalText.width(character)
      if used + next > width, !line.isEmpty {
        lines.append(line)
        line = ""
        used = 0
      }
      line.append(character)
      used += next
    }
    lines.append(line)
    return lines.suffix(limit).map { fit($0) }
  }

  /// The line of one timer.
  func row(_ timer: LonelyTimer.State, number: Int, isSelected: Bool) -> String {
    let marker = isSelected ? "▸" : " "
    let numberText = pad(String(number), 3, right: true)
    let time = pad(TimerDuration.format(timer.remaining), 8, right: true)
    let barWidth = max(4, min(30, width / 4))
    let done =
      timer.duration > 0 ? (timer.duration - timer.remaining) * barWidth / timer.duration : barWidth
    let bar =
      "[" + String(repeating: "█", count: done) + String(repeating: "░", count: barWidth - done)
      + "]"
    let status = pad(timer.status.rawValue, 8, right: false)
    let fixed = 1 + 3 + 2 + 8 + 2 + barWidth + 2 + 2 + 8
    let nameWidth = max(4, width - fixed - 1)
    let name = pad(truncate(timer.name, nameWidth), nameWidth, right: false)
    var text = "\(marker)\(numberText)  \(name)\(time)  \(bar)  \(status)"
    text = fit(text)
    guard color else { return text }
    let statusColor =
      switch timer.status {
      case .ready: ""
      case .counting: "\u{1B}[32m"
      case .finished: "\u{1B}[33m"
      }
    let selection = isSelected ? "\u{1B}[7m" : ""
    return selection + statusColor + text + "\u{1B}[0m"
  }

  private func style(_ text: String, bold: Bool) -> String {
    color && bold ? "\u{1B}[1m" + text + "\u{1B}[0m" : text
  }

  private func dim(_ text: String) -> String {
    color ? "\u{1B}[2m" + text + "\u{1B}[0m" : text
  }

  /// Cuts text to the screen's width, in columns.
  private func fit(_ text: String) -> String {
    truncate(text, width)
  }

  private func truncate(_ text: String, _ limit: Int) -> String {
    TerminalText.truncated(text, toWidth: limit)
  }

  private func pad(_ text: String, _ count: Int, right: Bool) -> String {
    TerminalText.padded(text, toWidth: count, right: right)
  }
}

/// Turns one frame into the next with as little output as possible: only the lines that
/// changed are rewritten, in place, so the screen never flickers.
enum ScreenDiff {
  static func update(from old: ScreenRenderer.Frame?, to new: ScreenRenderer.Frame) -> String {
    var output = ""
    let count = max(old?.lines.count ?? 0, new.lines.count)
    for index in 0..<count {
      let line = index < new.lines.count ? new.lines[index] : ""
      if let old, index < old.lines.count, old.lines[index] == line { continue }
      output += "\u{1B}[\(index + 1);1H" + line + "\u{1B}[K"
    }
    return output
  }
}
