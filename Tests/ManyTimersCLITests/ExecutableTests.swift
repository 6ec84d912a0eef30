import Foundation
import Testing

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `many-timers` executable end to end, as a user would.
@Suite struct ExecutableTests {
  /// The executable, among the build's products.
  static var executable: URL? { BuildProducts.executable("many-timers") }

  func run(_ arguments: [String], input: String) async throws -> (
    status: Int32, out: String, err: String
  ) {
    let executable = try #require(Self.executable, "build many-timers first: swift build")
    let run = try await runToEnd(executable, arguments, input: Data(input.utf8))
    return (
      run.status, String(decoding: run.out, as: UTF8.self), String(decoding: run.err, as: UTF8.self)
    )
  }

  @Test func scriptModeDumpsExactJSON() async throws {
    let result = try await run(
      ["run", "--virtual-clock", "--timers", "2"],
      input: "start 1\nadvance 4\nstart 2\nadvance 1\ndump\nfly\n")
    #expect(result.status == 65)
    #expect(
      result.out
        == #"{"bell":true,"timers":[{"name":"Timer 1","duration":4,"remaining":0,"status":"finished"},"#
        + #"{"name":"Timer 2","duration":7,"remaining":6,"status":"counting"}]}"# + "\n")
    #expect(result.err == "error: line 6: unknown command 'fly'\n")
  }

  @Test func aDumpReachesAPipeBeforeTheScriptEnds() async throws {
    // Found by the hardening work: output into a pipe was buffered until exit, so a program
    // that drives many-timers line by line waited forever for its first `dump`.
    let executable = try #require(Self.executable, "build many-timers first: swift build")
    let child = try Child(
      executable, ["run", "--virtual-clock", "--timers", "1"], input: "dump\n",
      keepInputOpen: true)
    // A hang check, not a latency one: with the input kept open, output held until exit never
    // comes. Under ThreadSanitizer, beside the whole suite, the child took up to 5 s to answer.
    #expect(await child.waitForOutput(timeout: .seconds(60)))
    try child.closeInput()
    await child.waitForExit()
    #expect(child.process.terminationStatus == 0)
  }

  @Test func aNamedPipeGivenAsADocumentIsRefusedAtOnce() async throws {
    // Found by the hardening work: opening a named pipe waited for a writer forever.
    let executable = try #require(Self.executable, "build many-timers first: swift build")
    let folder = TemporaryFolder()
    let fifo = folder.file("pipe.timer")
    try #require(mkfifo(fifo, 0o644) == 0)
    let child = try Child(executable, ["run", "--open", fifo], input: "dump\n")
    #expect(await child.waitForExit(), "many-timers hung on a named pipe")
    #expect(child.process.terminationStatus == ExitCode.dataError.rawValue)
  }

  @Test(arguments: [
    (
      TimerDocument.json(duration: 60, remaining: 60, status: "finished"),
      #"'remaining' must be 0 when 'status' is "finished", not 60"#
    ),
    (
      TimerDocument.json(id: "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D10\\u0000junk"),
      "'id' is not a UUID"
    ),
    (TimerDocument.json(id: "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B 7D10"), "'id' is not a UUID"),
  ])
  func aDocumentThatContradictsItselfIsRefusedAndLeftAlone(text: String, reason: String)
    async throws
  {
    let folder = TemporaryFolder()
    let path = folder.write(text, to: "odd.timer")
    let result = try await run(["run", "--open", path], input: "start 1\nsave\n")
    #expect(result.status == 65)
    #expect(result.err == "error: \(path): not a timer document: \(reason)\n")
    #expect(folder.contents("odd.timer") == text)
  }

  @Test func withoutATerminalTheDefaultModeReadsAScript() async throws {
    let result = try await run([], input: "dump\n")
    #expect(result.status == 0)
    #expect(result.out.hasPrefix(#"{"bell":true,"timers":[{"name":"Timer 1","duration":4"#))
    #expect(result.out.contains(#""name":"Timer 12","duration":37"#))
  }
}
