import Foundation
import Injection

/// `many-timers`: reads the command line and runs the mode it asks for.
@MainActor
struct App {
  /// Writes a line to standard output at once, unbuffered even into a pipe, so that a program
  /// driving `many-timers run` through pipes reads each `dump` when it is made, not at exit.
  var output: (String) -> Void = { StandardStreams.writeOutput($0 + "\n") }
  /// Writes a line to standard error; when it is closed or full the line is dropped (never a
  /// crash before the documents are saved).
  var errorOutput: (String) -> Void = { StandardStreams.writeError($0 + "\n") }
  /// Reads the next line of standard input as bytes, without its line end; `nil` at its end.
  /// Bytes, not text: a line that is not UTF-8 is reported, as it is in a script file.
  var readLine: () -> [UInt8]? = ScriptLines.readStandardInput
  var isTerminal: Bool = isatty(0) == 1 && isatty(1) == 1
  /// `TERM`: a `dumb` terminal cannot draw the live screen.
  var terminalType: String? = ProcessInfo.processInfo.environment["TERM"]
  /// Whether the process ends once `run` returns (the executable, not a test): the timers are
  /// then left running for the exit to end. Stopping 20,000 counting timers one by one, each
  /// effect cancelled and its task woken to finish, took seconds after the screen had gone and
  /// the documents were saved, for nothing. The process is then the app's alone, so a script on
  /// virtual time also puts every job of the process on the main actor's queue.
  var endsProcessAfterRun = false
  /// Why writing to standard output failed (a closed pipe, a full disk), `nil` while it has not.
  var outputFailure: () -> String? = { StandardStreams.outputFailure }

  /// Runs the mode the arguments ask for. Output that could not be written is an error (exit
  /// 74), reported once the documents are saved.
  func run(_ arguments: [String]) async -> ExitCode {
    let status = await runMode(arguments)
    guard let failure = outputFailure() else { return status }
    errorOutput("error: standard output: \(failure); the output was lost")
    return .ioError
  }

  private func runMode(_ arguments: [String]) async -> ExitCode {
    let mode: Mode
    do {
      mode = try Arguments.parse(arguments)
    } catch {
      errorOutput("error: \(error)\nRun 'many-timers --help' for usage.")
      return .usage
    }
    switch mode {
    case .help:
      output(Help.text)
      return .success
    case .version:
      output(Help.version)
      return .success
    case .new(let path, let name, let duration):
      return createDocument(at: path, name: name, duration: duration)
    case .bench(let timers, let seconds):
      await Bench(timers: timers, seconds: seconds, output: output).run()
      return .success
    case .interactive(let source):
      guard isTerminal, terminalType != "dumb" else {
        if isTerminal {
          errorOutput(
            "many-timers: TERM=dumb cannot show the live screen; reading script commands from "
              + "standard input instead (see 'many-timers --help')")
        }
        return await runScript(nil, virtualClock: false, source: source)
      }
      return await withHost(source, clock: ContinuousClock(), ringsBell: true) { host in
        await InteractiveScreen(host: host).run()
      }
    case .run(let script, let virtualClock, let source):
      return await runScript(script, virtualClock: virtualClock, source: source)
    }
  }

  private func createDocument(at path: String, name: String?, duration: Int?) -> ExitCode {
    let seconds = duration ?? ScriptCommand.defaultDuration
    let fileName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let document = TimerDocument(
      id: UUID(), timer: LonelyTimer.State(name: name ?? fileName, duration: seconds))
    do {
      // Whatever `open` would refuse, `new` refuses: both read the document the same way.
      _ = try TimerDocument.decode(document.encoded())
    } catch {
      errorOutput("error: \(error)\nRun 'many-timers --help' for usage.")
      return .usage
    }
    do {
      try DocumentFile.create(document, at: path)
      output("created \(Quoted.path(path))")
      return .success
    } catch {
      errorOutput("error: \(Quoted.path(path)): \(error)")
      return error == .exists ? .cannotCreate : .ioError
    }
  }

  private func runScript(
    _ scriptPath: String?, virtualClock: Bool, source: TimerSource
  ) async -> ExitCode {
    var lines: ScriptLines?
    if let scriptPath {
      guard let contents = FileManager.default.contents(atPath: scriptPath) else {
        let reason =
          FileManager.default.fileExists(atPath: scriptPath) ? "cannot read it" : "no such file"
        errorOutput("error: \(Quoted.path(scriptPath)): \(reason)")
        return .noInput
      }
      lines = ScriptLines(contents)
    }
    guard virtualClock else {
      return await runLines(lines, source: source, clock: ContinuousClock()) { duration in
        try? await Task.sleep(for: duration)
      }
    }
    // Virtual time runs on the main actor's queue: the timers' effects, the actions they send
    // and the clock's waiting take turns there, on one thread. In the executable, which has
    // nothing else to run, every job of the process goes there, not only the scope's: a job left
    // on the global executor was a hand-off between threads, and with it a futex wake-up,
    // several a tick (see "Every job on one thread" in Docs/Performance.md). A test that calls
    // `run` in the test process keeps the scope, which leaves the tests beside it alone. What
    // happens, and in which order, stays what the test clock fixes: it wakes one sleeper at a
    // time and waits until its work is done.
    let testClock = TestClock<Duration>(ownsNoTasks: ())
    if endsProcessAfterRun { uncheckedUseMainSerialExecutor = true }
    return await withMainSerialExecutor {
      await runLines(lines, source: source, clock: testClock) { duration in
        await testClock.advance(by: duration)
      }
    }
  }

  /// Runs the script's lines (standard input's when `lines` is `nil`) against the host for
  /// `source`, then saves its documents.
  private func runLines(
    _ lines: ScriptLines?, source: TimerSource, clock: any Clock<Duration>,
    advance: @escaping (Duration) async -> Void
  ) async -> ExitCode {
    var lines = lines
    return await withHost(source, clock: clock) { host in
      let runner = ScriptRunner(
        host: host, advance: advance, output: output, errorOutput: errorOutput)
      var number = 0
      while !runner.didQuit {
        let next = lines != nil ? lines?.next() : readLine()
        guard let bytes = next else { break }
        number += 1
        await runner.run(line: ScriptLines.text(bytes), number: number)
      }
      // Every document that could not be saved is named, not only the first.
      let report = await host.save()
      for note in report.notes { errorOutput(note) }
      for problem in report.problems { errorOutput("error: \(problem)") }
      if !report.problems.isEmpty { return .ioError }
      return runner.hadErrors ? .dataError : .success
    }
  }

  /// Builds the host for `source` with its clock and bell, and runs `body` with it.
  private func withHost(
    _ source: TimerSource, clock: any Clock<Duration>, ringsBell: Bool = false,
    _ body: @MainActor (any TimerHost) async -> ExitCode
  ) async -> ExitCode {
    var documents: [(path: String, document: TimerDocument)] = []
    if case .documents(let paths) = source {
      var worst: ExitCode?
      for path in paths {
        do {
          documents.append((path, try DocumentFile.read(path, cleaningUp: false)))
        } catch {
          errorOutput("error: \(Quoted.path(path)): \(error)")
          worst = error == .missing && worst != .dataError ? .noInput : .dataError
        }
      }
      if let worst { return worst }
      // What killed saves left beside them, each folder read once.
      DocumentFile.removeStrayTemporaries(of: documents.map(\.path))
      // Two sessions of one file would each save over the other's edits.
      var opened: [DocumentFile.FileIdentity: String] = [:]
      for (path, _) in documents {
        guard let identity = DocumentFile.identity(path) else { continue }
        if let first = opened[identity] {
          errorOutput(
            "error: \(Quoted.path(path)): the same document as \(Quoted.path(first)); open each "
              + "document once")
          return .usage
        }
        opened[identity] = path
      }
    }
    let host: any TimerHost = withDependencies {
      $0.continuousClock = clock
      $0.terminalBell = ringsBell ? TerminalBell { Terminal.ringBell() } : TerminalBell {}
    } operation: {
      switch source {
      case .shoebox(let count): ShoeboxHost(state: .standard(count: count))
      case .documents: DocumentsHost(documents: documents)
      }
    }
    let status = await body(host)
    if endsProcessAfterRun { KeptUntilExit.hosts.append(host) }
    return status
  }
}

/// The hosts the process ends with (see ``App/endsProcessAfterRun``).
@MainActor
private enum KeptUntilExit {
  static var hosts: [any TimerHost] = []
}
