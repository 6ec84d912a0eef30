/// User text inside a message on standard error, quoted: sanitized for the terminal
/// (``TerminalText``) and, when long, cut, with its full length said. A five-megabyte word in a
/// script is reported in a line, not echoed whole.
enum Quoted {
  /// The most characters of the text a message shows.
  static let limit = 40

  /// `'text'`, or `'the start…' (5242880 characters)`.
  static func text(_ text: some StringProtocol) -> String {
    guard text.count > limit else { return "'\(TerminalText.sanitized(text))'" }
    return "'\(TerminalText.sanitized(text.prefix(limit)))…' (\(text.count) characters)"
  }
}

extension Quoted {
  /// A file path as messages print it: sanitized (``TerminalText``), so that a name holding
  /// ESC or BEL cannot steer the terminal that shows the message.
  static func path(_ path: String) -> String {
    TerminalText.sanitized(path)
  }
}
