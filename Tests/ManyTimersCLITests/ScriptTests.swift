import Testing

@testable import ManyTimersCLI

@MainActor
@Suite struct ScriptTests {
  @Test func dumpAfterVirtualTime() async {
    let console = await Console.script(["start 1", "start 2", "advance 3s", "dump"])
    #expect(
      console.output == [
        #"{"bell":true,"timers":[{"name":"Timer 1","duration":4,"remaining":1,"status":"counting"},"#
          + #"{"name":"Timer 2","duration":7,"remaining":4,"status":"counting"},"#
          + #"{"name":"Timer 3","duration":10,"remaining":10,"status":"ready"}]}"#
      ])
    #expect(console.errors.isEmpty)
  }

  @Test func aFourSecondTimerFinishesAfterFourSeconds() async {
    let console = await Console.script(
      ["start 1", "advance 4", "dump", "advance 10", "dump"], timers: 1)
    let finished =
      #"{"bell":true,"timers":[{"name":"Timer 1","duration":4,"remaining":0,"status":"finished"}]}"#
    #expect(console.output == [finished, finished])
  }

  @Test func editsUndoRedoAndBell() async {
    let console = await Console.script(
      [
        "# a comment", "", "add Tea 3m", "rename 4 Green  tea", "duration 1 1:30", "remove 2",
        "undo", "undo", "redo", "bell off", "dump",
      ], timers: 3)
    #expect(
      console.output == [
        #"{"bell":false,"timers":[{"name":"Timer 1","duration":90,"remaining":90,"status":"ready"},"#
          + #"{"name":"Timer 2","duration":7,"remaining":7,"status":"ready"},"#
          + #"{"name":"Timer 3","duration":10,"remaining":10,"status":"ready"},"#
          + #"{"name":"Green  tea","duration":180,"remaining":180,"status":"ready"}]}"#
      ])
  }

  @Test func errorsNameTheLineAndTheRestStillRuns() async {
    let console = Console(input: [
      "fly", "start 9", "start x", "duration 1 5x", "add", "rename 1", "bell maybe", "dump",
    ])
    let status = await console.run(["run", "--virtual-clock", "--timers", "2"])
    #expect(status == .dataError)
    #expect(
      console.errors == [
        "error: line 1: unknown command 'fly'",
        "error: line 2: no timer 9 (timers are numbered 1 to 2)",
        "error: line 3: 'x' is not a timer number (timers count from 1)",
        "error: line 4: bad duration '5x' (use 90, 90s, 1m30s, 5m, 1h or 1:30)",
        "error: line 6: 'rename' needs a timer number and a name",
        "error: line 7: 'bell' takes 'on' or 'off'",
      ])
    #expect(console.output.count == 1)
    #expect(console.output[0].contains(#""name":"Timer 3","duration":60"#))
  }

  @Test func quitStopsTheScript() async {
    let console = Console(input: ["dump", "quit", "dump"])
    let status = await console.run(["run", "--virtual-clock", "--timers", "1"])
    #expect(status == .success)
    #expect(console.output.count == 1)
  }

  @Test func missingScriptFileExits66() async {
    let console = Console()
    let status = await console.run(["run", "--script", "/nonexistent/script.txt"])
    #expect(status == .noInput)
    #expect(console.errors == ["error: /nonexistent/script.txt: no such file"])
  }

  @Test func scriptFromAFile() async {
    let folder = TemporaryFolder()
    let script = folder.write("start 1\nadvance 2\ndump\n", to: "script.txt")
    let console = Console()
    let status = await console.run(["run", "--virtual-clock", "--timers", "1", "--script", script])
    #expect(status == .success)
    #expect(console.output.first?.contains(#""remaining":2"#) == true)
  }

  @Test func aScriptFileWithCRLFLineEndsRunsLineByLine() async {
    // Found by the hardening work: the whole file used to be read as one line.
    let folder = TemporaryFolder()
    let script = folder.write("start 1\r\nadvance 2\r\n\r\n# done\r\ndump\r\n", to: "script.txt")
    let console = Console()
    let status = await console.run(["run", "--virtual-clock", "--timers", "1", "--script", script])
    #expect(console.errors == [])
    #expect(status == .success)
    #expect(
      console.output == [
        #"{"bell":true,"timers":[{"name":"Timer 1","duration":4,"remaining":2,"status":"counting"}]}"#
      ])
  }

  @Test func namesLongerThanADocumentHoldsAreRefused() async {
    // Found by the hardening work: such a name was saved, and the document then refused to open.
    let longest = String(repeating: "x", count: TimerDocument.maximumNameLength)
    let console = Console(input: [
      "rename 1 \(longest)y", "add \(longest)y 5", "add \(longest)y", "rename 1 \(longest)",
      "dump",
    ])
    #expect(await console.run(["run", "--virtual-clock", "--timers", "1"]) == .dataError)
    let refusal = "a timer name has at most 1000 characters, not 1001"
    #expect(
      console.errors == [
        "error: line 1: \(refusal)", "error: line 2: \(refusal)", "error: line 3: \(refusal)",
      ])
    #expect(console.output.first?.contains(#"{"name":"\#(longest)","duration":4"#) == true)
  }

  @Test(arguments: [
    ["fly"], ["shoebox", "--timers"], ["shoebox", "--timers", "x"], ["open"], ["new"],
    ["run", "--open"], ["run", "--timers", "2", "--open", "a.timer"], ["bench", "extra"],
  ])
  func badUsageExits64(arguments: [String]) async {
    let console = Console()
    #expect(await console.run(arguments) == .usage)
    #expect(console.errors.first?.hasPrefix("error: ") == true)
  }

  @Test func helpAndVersion() async {
    let console = Console()
    #expect(await console.run(["--help"]) == .success)
    #expect(await console.run(["-h"]) == .success)
    #expect(await console.run(["--version"]) == .success)
    #expect(console.output[0].contains("many-timers open [--] FILE..."))
    #expect(console.output[0].contains("KEYS"))
    #expect(console.output[2] == Help.version)
  }
}

@Suite struct DurationTests {
  @Test(arguments: [
    ("90", 90), ("90s", 90), ("1m30s", 90), ("5m", 300), ("1h", 3600), ("1:30", 90),
    ("1:02:03", 3723), ("0", 0),
  ])
  func accepted(text: String, seconds: Int) {
    #expect(TimerDuration.seconds(text) == seconds)
  }

  @Test(arguments: ["", "x", "5x", "1m1h", "1:3", "1:60", "-5", "1.5", "99999999999", "s", "1::30"])
  func refused(text: String) {
    #expect(TimerDuration.seconds(text) == nil)
  }

  @Test func format() {
    #expect(TimerDuration.format(4) == "0:04")
    #expect(TimerDuration.format(90) == "1:30")
    #expect(TimerDuration.format(3723) == "1:02:03")
  }
}

@MainActor
@Suite struct VirtualClockExactnessTests {
  @Test func longAdvancesLoseNoTick() async {
    let console = await Console.script(
      ["add Long 100h", "start 1", "advance 10", "advance 1h", "dump"], timers: 0)
    #expect(
      console.output == [
        #"{"bell":true,"timers":[{"name":"Long","duration":360000,"remaining":356390,"#
          + #""status":"counting"}]}"#
      ])
  }
}
