import Foundation

/// One line of a script, parsed.
enum ScriptCommand: Equatable {
  case timer(LonelyTimer.Action, Int)
  case all(start: Bool)
  case add(name: String?, duration: Int)
  case remove(Int)
  case rename(Int, String)
  case duration(Int, Int)
  case undo
  case redo
  case advance(seconds: Int)
  case bell(Bool)
  case dump
  case save
  case quit

  /// The default duration of `add`.
  static let defaultDuration = 60

  /// Parses a line; `nil` for blank lines and comments.
  ///
  /// - Throws: A message saying what is wrong with the line.
  static func parse(_ line: String) throws(ScriptError) -> ScriptCommand? {
    let (text, words) = words(of: line)
    guard let verb = words.first else { return nil }
    let arguments = Array(words.dropFirst())
    switch verb {
    case "start" where arguments == ["all"]: return .all(start: true)
    case "stop" where arguments == ["all"]: return .all(start: false)
    case "start": return .timer(.start, try index(arguments, verb))
    case "stop": return .timer(.stop, try index(arguments, verb))
    case "toggle": return .timer(.toggle, try index(arguments, verb))
    case "reset": return .timer(.reset, try index(arguments, verb))
    case "remove": return .remove(try index(arguments, verb))
    case "add":
      guard let last = arguments.last, let seconds = TimerDuration.seconds(last) else {
        return .add(
          name: arguments.isEmpty ? nil : try checked(arguments.joined(separator: " ")),
          duration: defaultDuration)
      }
      let name = arguments.dropLast().joined(separator: " ")
      return .add(name: name.isEmpty ? nil : try checked(name), duration: seconds)
    case "rename":
      guard arguments.count >= 2 else { throw .message("'rename' needs a timer number and a name") }
      let number = try index([arguments[0]], verb)
      return .rename(number, try checked(restOfLine(text, after: 2)))
    case "duration":
      guard arguments.count == 2 else {
        throw .message("'duration' needs a timer number and a duration")
      }
      return .duration(try index([arguments[0]], verb), try duration(arguments[1]))
    case "advance":
      guard arguments.count == 1 else { throw .message("'advance' needs one duration") }
      return .advance(seconds: try duration(arguments[0]))
    case "bell":
      switch arguments {
      case ["on"]: return .bell(true)
      case ["off"]: return .bell(false)
      default: throw .message("'bell' takes 'on' or 'off'")
      }
    case "undo", "redo", "dump", "save", "quit":
      guard arguments.isEmpty else { throw .message("'\(verb)' takes no arguments") }
      return ["undo": .undo, "redo": .redo, "dump": .dump, "save": .save, "quit": .quit][verb]
    default:
      throw .message("unknown command \(Quoted.text(verb))")
    }
  }

  /// The line before any `#`, and its words: what is between white space.
  static func words(of line: String) -> (text: String, words: [String]) {
    line.utf8.allSatisfy { $0 < 0x80 } ? asciiWords(of: line) : characterWords(of: line)
  }

  /// ``words(of:)`` by characters, for any line.
  static func characterWords(of line: String) -> (text: String, words: [String]) {
    let text =
      line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
      .map(String.init) ?? ""
    return (text, text.split(whereSeparator: \.isWhitespace).map(String.init))
  }

  /// ``words(of:)`` by bytes, for an ASCII line, with the same result: its white space is
  /// exactly the bytes 0x09–0x0D and 0x20. A script is mostly such lines, and splitting them by
  /// characters took a tenth of a scripted `advance 1` in the debug build `swift run` gives.
  static func asciiWords(of line: String) -> (text: String, words: [String]) {
    let bytes = line.utf8
    let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
    var words: [String] = []
    var start: String.Index?
    var index = bytes.startIndex
    while index < end {
      let byte = bytes[index]
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        if let first = start { words.append(String(line[first..<index])) }
        start = nil
      } else if start == nil {
        start = index
      }
      bytes.formIndex(after: &index)
    }
    if let first = start { words.append(String(line[first..<end])) }
    return (String(line[..<end]), words)
  }

  private static func index(_ arguments: [String], _ verb: String) throws(ScriptError) -> Int {
    guard arguments.count == 1 else { throw .message("'\(verb)' needs one timer number") }
    guard let number = Int(arguments[0]), number >= 1 else {
      throw .message("\(Quoted.text(arguments[0])) is not a timer number (timers count from 1)")
    }
    return number
  }

  /// A timer name, refused when it is longer than a document may hold: a document saved with it
  /// could not be opened again.
  private static func checked(_ name: String) throws(ScriptError) -> String {
    if let problem = TimerDocument.problem(withName: name) { throw .message(problem) }
    return name
  }

  private static func duration(_ text: String) throws(ScriptError) -> Int {
    guard let seconds = TimerDuration.seconds(text) else {
      throw .message("bad duration \(Quoted.text(text)) (use 90, 90s, 1m30s, 5m, 1h or 1:30)")
    }
    return seconds
  }

  /// The text after the first `count` words, spaces inside kept: `rename 2 Green  tea`.
  private static func restOfLine(_ text: String, after count: Int) -> String {
    var rest = Substring(text)
    for _ in 0..<count {
      rest = rest.drop(while: \.isWhitespace)
      rest = rest.drop(while: { !$0.isWhitespace })
    }
    return String(rest.trimmingCharacters(in: .whitespaces))
  }
}

/// What is wrong with a script line.
enum ScriptError: Error, Equatable, CustomStringConvertible {
  case message(String)

  var description: String {
    switch self {
    case .message(let text): text
    }
  }
}
