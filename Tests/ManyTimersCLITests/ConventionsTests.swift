import Foundation
import Testing

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The conventions a command-line program is expected to keep (issue 20, point 5).
@MainActor
@Suite struct ConventionsTests {
  @Test(arguments: [
    ["--version", "extra"], ["--help", "--bogus"], ["-h", "x"], ["help", "--", "x"],
  ])
  func helpAndVersionTakeNothingElse(_ arguments: [String]) async {
    let console = Console()
    #expect(await console.run(arguments) == .usage)
    #expect(console.output.isEmpty)
    #expect(console.errors.first?.hasPrefix("error: ") == true)
  }

  @Test func aDoubleDashEndsTheOptions() throws {
    #expect(
      try Arguments.parse(["open", "--", "-f.timer"]) == .interactive(.documents(["-f.timer"])))
    #expect(
      try Arguments.parse(["run", "--open", "a.timer", "--", "--b.timer"])
        == .run(script: nil, virtualClock: false, source: .documents(["a.timer", "--b.timer"])))
    #expect(
      try Arguments.parse(["new", "--", "-t.timer"])
        == .new(path: "-t.timer", name: nil, duration: nil))
  }

  @Test func openAfterADoubleDashOpensTheFile() async {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "tea.timer")
    let console = Console(input: ["dump"])
    #expect(await console.run(["open", "--", path]) == .success)
    #expect(console.output.first?.contains(#""name":"Tea""#) == true)
  }

  @Test func anUnknownOptionAfterOpenedFilesIsAUsageError() async {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "a.timer")
    let console = Console(input: ["dump"])
    #expect(await console.run(["run", "--open", path, "--bogus"]) == .usage)
    #expect(
      console.errors.first
        == "error: unknown option '--bogus' for 'run'\nRun 'many-timers --help' for usage.")
    // Options the command knows may still come after the files.
    let later = Console(input: ["dump"])
    #expect(await later.run(["run", "--open", path, "--virtual-clock"]) == .success)
  }

  @Test func anUnknownHugeWordIsCutInTheMessage() async {
    let word = String(repeating: "x", count: 5_000_000)
    let console = await Console.script([word, "fly\u{1B}[2J"])
    #expect(console.errors.count == 2)
    #expect(console.errors[0].count < 120)
    #expect(
      console.errors[0]
        == "error: line 1: unknown command '\(String(repeating: "x", count: 40))…' "
        + "(5000000 characters)")
    // Control characters in echoed words are not sent to the terminal.
    #expect(console.errors[1] == "error: line 2: unknown command 'fly?[2J'")
  }

  @Test func anInvalidUTF8ScriptFileFailsLikeTheSameBytesOnStandardInput() async throws {
    let folder = TemporaryFolder()
    let bytes: [UInt8] = Array("dump\nfl".utf8) + [0xFF] + Array("y\ndump\n".utf8)
    let script = folder.file("bad.script")
    _ = FileManager.default.createFile(atPath: script, contents: Data(bytes))
    let expected = [
      "error: line 2: the line is not UTF-8 text (byte 0xFF at column 3); save the script as UTF-8"
    ]
    let fromFile = Console()
    #expect(
      await fromFile.run(["run", "--virtual-clock", "--timers", "1", "--script", script])
        == .dataError)
    #expect(fromFile.errors == expected)
    #expect(fromFile.output.count == 2)

    let executable = try #require(ExecutableTests.executable)
    let run = try await runToEnd(
      executable, ["run", "--virtual-clock", "--timers", "1"], input: Data(bytes))
    let out = run.out
    let err = run.err
    #expect(run.status == ExitCode.dataError.rawValue)
    #expect(String(decoding: err, as: UTF8.self) == expected[0] + "\n")
    #expect(
      String(decoding: out, as: UTF8.self).split(separator: "\n")
        == fromFile.output.map { Substring($0) })
  }

  @Test func oneTimerIsOneTimer() {
    let renderer = ScreenRenderer(width: 60, height: 10, color: false)
    let frame = renderer.frame(
      rows: [LonelyTimer.State(name: "Tea", duration: 60)], selected: 0, bell: true,
      prompt: nil, message: nil, title: "many-timers")
    #expect(frame.lines[0] == " many-timers — 1 timer, bell on")
  }

  @Test func benchRatesKeepADecimal() {
    #expect(Bench.rate(19, 10) == "1.9")
    #expect(Bench.rate(20_000, 1.0) == "20000.0")
  }

  @Test func altKeysAreNotTheirLetter() {
    #expect(Key.decode([0x1B, UInt8(ascii: "q")]) == [.alt("q")])
    #expect(
      Key.decode([0x1B, UInt8(ascii: "x"), UInt8(ascii: "q")]) == [.alt("x"), .character("q")])
    #expect(Key.decode([0x1B, 0x1B]) == [.escape, .escape])
    #expect(Key.decode(Array("\u{1B}[1;5A\u{1B}OB\u{1B}[200~".utf8)) == [.up, .down])
    #expect(Key.decode(Array("\u{1B}é".utf8)) == [.alt("é")])
  }

  @Test func altQOnTheScreenDoesNotQuit() async throws {
    let child = try ScreenChild(["shoebox", "--timers", "3"])
    #expect(await child.waitFor("Timer 3"))
    child.type("\u{1B}q")
    child.type("j")
    #expect(await child.waitFor("▸  2"), "the screen did not take the key after Alt-q")
    #expect(child.process.isRunning, "Alt-q was read as q")
    child.type("q")
    #expect(await child.waitForExit() != nil)
    #expect(child.process.terminationStatus == 0)
  }

  @Test func aDumbTerminalGetsPlainOutputWithoutTheAlternateScreen() async throws {
    let child = try ScreenChild(["shoebox", "--timers", "2"], environment: ["TERM": "dumb"])
    child.type("start 1\ndump\n")
    #expect(await child.waitFor(#""status":"counting""#))
    child.type([0x04])  // Ctrl-D: the end of the input.
    #expect(await child.waitForExit() != nil)
    #expect(child.process.terminationStatus == 0)
    #expect(!child.text.contains("\u{1B}["), "escape sequences on a dumb terminal")
    #expect(child.text.contains("TERM=dumb cannot show the live screen"))
  }
}
