/// Writes JSON by hand, so that field order and number formatting are exactly as documented.
///
/// Besides what JSON requires, DEL, the C1 controls and the bidirectional controls are written
/// as `\uXXXX` (``TerminalText/isSafe(_:)-(Unicode.Scalar)``): a `dump` read on a terminal then
/// cannot move its cursor or reorder its text, and the value is the same.
enum JSONText {
  /// A JSON string literal.
  static func string(_ value: String) -> String {
    var text = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where !TerminalText.isSafe(scalar):
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}
