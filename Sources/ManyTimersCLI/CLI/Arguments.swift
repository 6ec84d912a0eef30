/// The command line, parsed.
enum Mode: Equatable {
  /// The live screen, or a script from standard input when it is not a terminal.
  case interactive(TimerSource)
  case run(script: String?, virtualClock: Bool, source: TimerSource)
  case new(path: String, name: String?, duration: Int?)
  case bench(timers: Int, seconds: Int)
  case help
  case version
}

/// Where the timers come from.
enum TimerSource: Equatable {
  case shoebox(count: Int)
  case documents([String])
}

/// Bad command-line usage: exit status 64.
struct UsageError: Error, Equatable, CustomStringConvertible {
  let description: String
}

enum Arguments {
  static let defaultTimerCount = 12

  static func parse(_ arguments: [String]) throws(UsageError) -> Mode {
    guard let command = arguments.first else {
      return .interactive(.shoebox(count: defaultTimerCount))
    }
    var rest = Array(arguments.dropFirst())
    switch command {
    case "-h", "--help", "help":
      return .help
    case "--version":
      return .version
    case "shoebox":
      let count = try option("--timers", in: &rest, as: count) ?? defaultTimerCount
      try noneLeft(rest, command)
      return .interactive(.shoebox(count: count))
    case "open":
      guard !rest.isEmpty else { throw UsageError(description: "'open' needs at least one FILE") }
      if let flag = rest.first(where: { $0.hasPrefix("-") }) {
        throw UsageError(description: "unknown option '\(flag)' for 'open'")
      }
      return .interactive(.documents(rest))
    case "new":
      let name = try option("--name", in: &rest) { $0 }
      let duration = try option("--duration", in: &rest, as: durationValue)
      guard rest.count == 1, let path = rest.first, !path.hasPrefix("-") else {
        throw UsageError(description: "'new' needs exactly one FILE")
      }
      return .new(path: path, name: name, duration: duration)
    case "run":
      let script = try option("--script", in: &rest) { $0 }
      let virtualClock = flag("--virtual-clock", in: &rest)
      let count = try option("--timers", in: &rest, as: count)
      var source = TimerSource.shoebox(count: count ?? defaultTimerCount)
      if let index = rest.firstIndex(of: "--open") {
        let files = Array(rest[(index + 1)...])
        guard !files.isEmpty else { throw UsageError(description: "'--open' needs a FILE") }
        guard count == nil else {
          throw UsageError(description: "use either '--timers' or '--open', not both")
        }
        source = .documents(files)
        rest.removeSubrange(index...)
      }
      try noneLeft(rest, command)
      return .run(script: script, virtualClock: virtualClock, source: source)
    case "bench":
      let timers = try option("--timers", in: &rest, as: count) ?? 1_000
      let seconds = try option("--seconds", in: &rest, as: durationValue) ?? 5
      try noneLeft(rest, command)
      return .bench(timers: timers, seconds: max(1, seconds))
    default:
      throw UsageError(description: "unknown command '\(command)'")
    }
  }

  private static func count(_ text: String) -> Int? {
    guard let value = Int(text), (0...1_000_000).contains(value) else { return nil }
    return value
  }

  private static func durationValue(_ text: String) -> Int? {
    TimerDuration.seconds(text)
  }

  private static func option<Value>(
    _ name: String, in arguments: inout [String], as convert: (String) -> Value?
  ) throws(UsageError) -> Value? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else {
      throw UsageError(description: "'\(name)' needs a value")
    }
    let text = arguments[index + 1]
    guard let value = convert(text) else {
      throw UsageError(description: "bad value '\(text)' for '\(name)'")
    }
    arguments.removeSubrange(index...(index + 1))
    return value
  }

  private static func flag(_ name: String, in arguments: inout [String]) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
  }

  private static func noneLeft(_ arguments: [String], _ command: String) throws(UsageError) {
    guard let first = arguments.first else { return }
    throw UsageError(description: "unexpected '\(first)' for '\(command)'")
  }
}
