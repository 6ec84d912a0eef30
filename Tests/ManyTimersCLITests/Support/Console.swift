import Foundation

@testable import ManyTimersCLI

/// Runs `many-timers` in-process with a script on standard input and captures its output.
@MainActor
final class Console {
  var output: [String] = []
  var errors: [String] = []
  private var input: [String]

  init(input: [String] = []) {
    self.input = input
  }

  /// The next line of standard input, `nil` at its end.
  func nextLine() -> String? {
    input.isEmpty ? nil : input.removeFirst()
  }

  func run(_ arguments: [String]) async -> ExitCode {
    let app = App(
      output: { [unowned self] in output.append($0) },
      errorOutput: { [unowned self] in errors.append($0) },
      readLine: { [unowned self] in input.isEmpty ? nil : Array(input.removeFirst().utf8) },
      isTerminal: false)
    return await app.run(arguments)
  }

  /// Runs a script from standard input with a virtual clock on a shoebox of `timers`.
  static func script(_ lines: [String], timers: Int = 3) async -> Console {
    let console = Console(input: lines)
    _ = await console.run(["run", "--virtual-clock", "--timers", "\(timers)"])
    return console
  }
}

/// A temporary folder, removed at the end of the test.
final class TemporaryFolder {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "many-timers-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  func file(_ name: String) -> String { path + "/" + name }

  func write(_ text: String, to name: String) -> String {
    let path = file(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  func contents(_ name: String) -> String? {
    FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
  }
}

extension TimerDocument {
  static func json(
    id: String = "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D10", name: String = "Tea",
    duration: Int = 180, remaining: Int = 180, status: String = "ready", format: Int = 1
  ) -> String {
    "{\"format\":\(format),\"id\":\"\(id)\",\"name\":\"\(name)\",\"duration\":\(duration),"
      + "\"remaining\":\(remaining),\"status\":\"\(status)\"}"
  }
}
