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
    // After "--", every argument is a FILE, even one that starts with "-".
    var rest = Array(arguments.dropFirst())
    var operands: [String] = []
    if let end = rest.firstIndex(of: "--") {
      operands = Array(rest[(end + 1)...])
      rest.removeSubrange(end...)
    }
    switch command {
    case "-h", "--help", "help":
      try noneLeft(rest + operands, command)
      return .help
    case "--version":
      try noneLeft(rest + operands, command)
      return .version
    case "shoebox":
      let count = try option("--timers", in: &rest, as: timerCount) ?? defaultTimerCount
      try noneLeft(rest + operands, command)
      return .interactive(.shoebox(count: count))
    case "open":
      try noOptions(rest, command)
      let files = rest + operands
      guard !files.isEmpty else { throw UsageError(description: "'open' needs at least one FILE") }
      return .interactive(.documents(files))
    case "new":
      let name = try option("--name", in: &rest) { $0 }
      let duration = try option("--duration", in: &rest, as: durationValue)
      try noOptions(rest, command)
      guard rest.count + operands.count == 1, let path = (rest + operands).first else {
        throw UsageError(description: "'new' needs exactly one FILE")
      }
      return .new(path: path, name: name, duration: duration)
    case "run":
      let script = try option("--script", in: &rest) { $0 }
      let virtualClock = flag("--virtual-clock", in: &rest)
      let count = try option("--timers", in: &rest, as: timerCount)
      var source = TimerSource.shoebox(count: count ?? defaultTimerCount)
      if let index = rest.firstIndex(of: "--open") {
        // The files run up to the next option: `--open a.timer --bogus` is a bad option, not a
        // file called "--bogus".
        let end = rest[(index + 1)...].firstIndex { $0.hasPrefix("-") } ?? rest.endIndex
        let files = Array(rest[(index + 1)..<end]) + operands
        guard !files.isEmpty else { throw UsageError(description: "'--open' needs a FILE") }
        guard count == nil else {
          throw UsageError(description: "use either '--timers' or '--open', not both")
        }
        source = .documents(files)
        rest.removeSubrange(index..<end)
        operands = []
      }
      try noneLeft(rest + operands, command)
      return .run(script: script, virtualClock: virtualClock, source: source)
    case "bench":
      let timers = try option("--timers", in: &rest, as: timerCount) ?? 1_000
      let seconds = try option("--seconds", in: &rest, as: durationValue) ?? 5
      try noneLeft(rest + operands, command)
      return .bench(timers: timers, seconds: max(1, seconds))
    default:
      throw UsageError(description: "unknown command \(Quoted.text(command))")
    }
  }

  /// The most timers a shoebox may hold (`--timers`): what this machine's memory holds.
  static let maximumTimers = TimerBudget.maximumTimers

  /// A whole number of timers within ``maximumTimers``. Any whole number above it, however
  /// large (even one no `Int` holds), gets the message that names the bound.
  private static func timerCount(_ text: String) throws(UsageError) -> Int? {
    let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    guard let value = Int(digits), value <= maximumTimers else {
      let given = text.count > Quoted.limit ? Quoted.text(text) : text
      throw UsageError(
        description:
          "'--timers' is at most \(maximumTimers) on this machine (\(TimerBudget.reason)), "
          + "not \(given)")
    }
    return value
  }

  private static func durationValue(_ text: String) -> Int? {
    TimerDuration.seconds(text)
  }

  private static func option<Value>(
    _ name: String, in arguments: inout [String],
    as convert: (String) throws(UsageError) -> Value?
  ) throws(UsageError) -> Value? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else {
      throw UsageError(description: "'\(name)' needs a value")
    }
    let text = arguments[index + 1]
    guard let value = try convert(text) else {
      throw UsageError(description: "bad value \(Quoted.text(text)) for '\(name)'")
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
    try noOptions(arguments, command)
    guard let first = arguments.first else { return }
    throw UsageError(description: "unexpected \(Quoted.text(first)) for '\(command)'")
  }

  private static func noOptions(_ arguments: [String], _ command: String) throws(UsageError) {
    guard let flag = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) else { return }
    throw UsageError(description: "unknown option \(Quoted.text(flag)) for '\(command)'")
  }
}
