/// Text as a terminal shows it: what is safe to print, and how many columns it takes.
///
/// Names come from users, documents and scripts. Printed as they are, a control character
/// (C0, DEL, C1 such as U+009B, which some terminals read as the start of an escape sequence)
/// would move the cursor or change colours, and a bidirectional override or isolate
/// (U+202A–U+202E, U+2066–U+2069) would reorder the rest of the row. Such characters are shown
/// as `?`. Wide characters (CJK, emoji) take two columns and combining marks none, so widths are
/// counted in columns, not in characters, to keep the table's columns in line.
enum TerminalText {
  /// Whether `character` can be printed without changing anything but the cells it fills.
  static func isSafe(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy(isSafe)
  }

  static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F...0x9F: false
    // Bidirectional marks, embeddings, overrides and isolates; line and paragraph separators.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: false
    default: true
    }
  }

  /// `text` with every unsafe character replaced by `?`.
  static func sanitized(_ text: some StringProtocol) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      result.append(isSafe(character) ? character : "?")
    }
    return result
  }

  /// The columns `text` takes on a terminal, once sanitized.
  static func width(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width($1) }
  }

  /// The columns a character takes: 2 for wide ones (East Asian wide and full-width, emoji
  /// shown as pictures), 0 for a combining mark or format character on its own, 1 otherwise.
  static func width(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if !isSafe(character) { return 1 }  // Shown as '?'.
    if first.isASCII { return 1 }
    let properties = first.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if properties.isEmojiPresentation || isWide(first.value) { return 2 }
    // An emoji that is text by default becomes a picture with VS16 (U+FE0F).
    if properties.isEmoji, character.unicodeScalars.contains("\u{FE0F}") { return 2 }
    return 1
  }

  /// `text`, sanitized, cut to at most `columns` columns, with `…` where it was cut.
  ///
  /// It looks only at the characters it shows and one more: a long name costs what fits.
  static func truncated(_ text: some StringProtocol, toWidth columns: Int) -> String {
    let room = columns > 1 ? columns - 1 : columns
    var result = ""
    var used = 0
    // `result` when the next character no longer fits in `room`: what is kept if cut.
    var kept: String?
    for character in text {
      let shown: Character = isSafe(character) ? character : "?"
      let next = width(shown)
      if kept == nil, used + next > room { kept = result }
      if used + next > columns {
        guard columns > 0 else { return "" }
        return columns > 1 ? (kept ?? result) + "…" : kept ?? result
      }
      result.append(shown)
      used += next
    }
    return result
  }

  /// `text` padded with spaces to `columns` columns, on the left when `right` (right-aligned).
  static func padded(_ text: String, toWidth columns: Int, right: Bool) -> String {
    let padding = String(repeating: " ", count: max(0, columns - width(text)))
    return right ? padding + text : text + padding
  }

  /// East Asian Wide and Fullwidth code points (Unicode 15), apart from the emoji that
  /// `isEmojiPresentation` already covers.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x18CD5, 0x1AFF0...0x1B2FB, 0x1F200...0x1F202, 0x1F210...0x1F23B,
    0x1F240...0x1F248, 0x1F250...0x1F251, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    return wideRanges.contains { $0.contains(value) }
  }
}
