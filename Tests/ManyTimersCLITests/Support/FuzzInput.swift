/// Random inputs for the fuzz tests: text that looks like what people type, and some that
/// doesn't.
extension SplitMix64 {
  /// Characters that matter to parsers: separators, quotes, escapes, digits, letters from
  /// several scripts, combining marks, emoji, control and invisible characters.
  static let interestingCharacters: [Character] = [
    "a", "Z", "0", "1", "9", " ", "\t", "#", ":", "-", "+", ".", ",", "\"", "\\", "/", "{", "}",
    "[", "]", "é", "\u{65}\u{301}", "漢", "👍🏽", "\u{0}", "\u{1B}", "\u{7F}", "\u{A0}", "\u{2028}",
    "\u{200B}", "\u{202E}", "\u{FEFF}", "٣", "\r",
  ]

  /// A short string of interesting characters.
  mutating func text(maxLength: Int = 12) -> String {
    String(
      (0..<Int.random(in: 0...maxLength, using: &self)).map { _ in
        pick(Self.interestingCharacters)
      })
  }

  /// A random word for a command line or a script: mostly from `vocabulary`, sometimes a number
  /// or a duration at the edges of what is accepted, sometimes noise.
  mutating func word(from vocabulary: [String]) -> String {
    switch Int.random(in: 0..<10, using: &self) {
    case 0..<5: return pick(vocabulary)
    case 5..<7: return pick(Self.edgeNumbers)
    case 7..<9: return pick(Self.edgeDurations)
    default: return text()
    }
  }

  static let edgeNumbers = [
    "0", "1", "2", "3", "-1", "01", "+1", "1_000", "1000000", "1000001", "9223372036854775807",
    "9223372036854775808", "99999999999999999999", "1.5", "1e3", "0x10", "",
  ]

  static let edgeDurations = [
    "0", "90", "90s", "1m30s", "5m", "1h", "1:30", "1:02:03", "100h", "101h", "360000",
    "360001", "1h2m3s", "1s2m", "1h1h", "9999999s", "99999999s", "1:60", "1:5", ":30", "1:",
    "::", "1:2:3:4", "h", "m30s", "1m30", "١٠",
  ]
}
