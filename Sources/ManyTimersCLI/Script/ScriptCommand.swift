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
    let text =
      line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
      .map(String.init) ?? ""
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
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
