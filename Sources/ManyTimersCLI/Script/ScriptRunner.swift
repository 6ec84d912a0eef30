/// Runs script commands against a host, one line at a time, as `many-timers run` does.
@MainActor
final class ScriptRunner {
  let host: any TimerHost
  /// Lets time pass: a test clock's advance with `--virtual-clock`, a real sleep otherwise.
  let advance: (Duration) async -> Void
  let output: (String) -> Void
  let errorOutput: (String) -> Void
  private(set) var hadErrors = false
  private(set) var didQuit = false

  init(
    host: any TimerHost,
    advance: @escaping (Duration) async -> Void,
    output: @escaping (String) -> Void,
    errorOutput: @escaping (String) -> Void
  ) {
    self.host = host
    self.advance = advance
    self.output = output
    self.errorOutput = errorOutput
  }

  /// Runs one line; errors are reported and the script goes on.
  func run(line: String, number: Int) async {
    await run(line: .success(line), number: number)
  }

  /// Runs one line, or reports why it could not be read as text.
  func run(line: Result<String, ScriptError>, number: Int) async {
    guard !didQuit else { return }
    do {
      guard let command = try ScriptCommand.parse(line.get()) else { return }
      try await execute(command)
    } catch {
      hadErrors = true
      errorOutput("error: line \(number): \(error)")
    }
  }

  private func execute(_ command: ScriptCommand) async throws(ScriptError) {
    switch command {
    case .timer(let action, let number):
      host.send(action, row: try row(number))
    case .all(let start):
      start ? host.startAll() : host.stopAll()
    case .add(let name, let duration):
      try requireAddAndRemove("add")
      host.add(name: name, duration: duration)
    case .remove(let number):
      try requireAddAndRemove("remove")
      host.remove(row: try row(number))
    case .rename(let number, let name):
      host.rename(row: try row(number), to: name)
    case .duration(let number, let seconds):
      host.setDuration(row: try row(number), seconds: seconds)
    case .undo:
      host.undo(row: nil)
    case .redo:
      host.redo(row: nil)
    case .advance(let seconds):
      await advance(.seconds(seconds))
    case .bell(let isOn):
      host.setBell(isOn)
    case .dump:
      // Let actions that effects are delivering right now land first.
      await Task.yield()
      output(StateDump.line(host))
    case .save:
      guard !host.canAddAndRemove else {
        throw .message("'save' needs documents (run --open FILE...)")
      }
      let report = await host.save()
      for note in report.notes { errorOutput(note) }
      if !report.problems.isEmpty { throw .message(report.problems.joined(separator: "; ")) }
    case .quit:
      didQuit = true
    }
  }

  private func row(_ number: Int) throws(ScriptError) -> Int {
    if let problem = host.problem(withTimer: number) { throw .message(problem) }
    return number - 1
  }

  private func requireAddAndRemove(_ verb: String) throws(ScriptError) {
    guard host.canAddAndRemove else {
      throw .message("'\(verb)' is not available with documents; use 'many-timers new'")
    }
  }
}
