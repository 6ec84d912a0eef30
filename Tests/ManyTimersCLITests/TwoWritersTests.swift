import EffectCore
import Foundation
import Injection
import Testing

@testable import ManyTimersCLI

/// Two processes with one document open, or another program rewriting it (issue 29, point 1):
/// a save keeps what the other side changed, says so, and never replaces a file that is no
/// longer this document.
@MainActor
@Suite struct TwoWritersTests {
  func open(_ path: String) throws -> DocumentsHost {
    let document = try DocumentFile.read(path)
    return withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      DocumentsHost(documents: [(path, document)])
    }
  }

  @Test func aRenameAndADurationChangeFromTwoSessionsAreBothKept() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    let a = try open(path)
    let b = try open(path)
    a.rename(row: 0, to: "Green tea")
    #expect(await a.save() == SaveReport())
    b.setDuration(row: 0, seconds: 300)
    let report = await b.save()
    #expect(report.problems.isEmpty)
    #expect(
      report.notes == [
        "note: \(path): another program changed it while it was open here; its name kept with "
          + "your changes"
      ])
    let saved = try DocumentFile.read(path)
    #expect(saved.timer.name == "Green tea")
    #expect(saved.timer.duration == 300)
    // The session that saved last shows the other's rename too.
    #expect(b.rows[0].name == "Green tea")
    #expect(b.rows[0].duration == 300)
    // And saves nothing more until it changes again.
    #expect(await b.save() == SaveReport())
  }

  @Test func theSameFieldChangedOnBothSidesKeepsTheLastSaveAndSaysSo() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    let a = try open(path)
    let b = try open(path)
    a.rename(row: 0, to: "Mine")
    _ = await a.save()
    b.rename(row: 0, to: "Yours")
    let report = await b.save()
    #expect(
      report.notes == [
        "warning: \(path): another program changed its name too; yours replaced theirs"
      ])
    #expect(try DocumentFile.read(path).timer.name == "Yours")
  }

  @Test func anotherProgramsRewriteIsMergedNotReplaced() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    let host = try open(path)
    _ = folder.write(TimerDocument.json(name: "Edited elsewhere"), to: "s.timer")
    host.setDuration(row: 0, seconds: 60)
    let report = await host.save()
    #expect(report.notes.count == 1)
    let saved = try DocumentFile.read(path)
    #expect(saved.timer.name == "Edited elsewhere")
    #expect(saved.timer.duration == 60)
  }

  @Test func aFileThatIsNoLongerThisDocumentIsLeftAsItIs() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    let host = try open(path)
    _ = folder.write("not a timer any more", to: "s.timer")
    host.rename(row: 0, to: "Lost?")
    let garbage = await host.save()
    #expect(garbage.problems.count == 1)
    #expect(
      garbage.problems.first?.hasPrefix("\(path): not saved: another program changed") == true)
    #expect(folder.contents("s.timer") == "not a timer any more")
    let other = TimerDocument.json(id: "11111111-2222-3333-4444-555555555555", name: "Other")
    _ = folder.write(other, to: "s.timer")
    let replaced = await host.save()
    #expect(replaced.problems.first?.contains("put another document in its place") == true)
    #expect(folder.contents("s.timer") == other)
  }

  @Test func aScriptSaysWhatItMergedAndExitsZero() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    let console = Console(input: ["rename 1 Mine"])
    let app = App(
      output: { console.output.append($0) }, errorOutput: { console.errors.append($0) },
      readLine: {
        guard let line = console.nextLine() else { return nil }
        // Another program rewrites the file while the script runs.
        _ = folder.write(TimerDocument.json(duration: 240, remaining: 240), to: "s.timer")
        return Array(line.utf8)
      }, isTerminal: false)
    #expect(await app.run(["run", "--virtual-clock", "--open", path]) == .success)
    #expect(console.errors.count == 1)
    #expect(console.errors.first?.hasPrefix("note: \(path): another program changed it") == true)
    let saved = try DocumentFile.read(path)
    #expect(saved.timer.name == "Mine")
    #expect(saved.timer.duration == 240)
  }

  @Test func twoProcessesEditingOneDocumentKeepBothEdits() async throws {
    let executable = try #require(ExecutableTests.executable, "build many-timers first")
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    let a = try Child(executable, ["run", "--open", path], input: "dump\n", keepInputOpen: true)
    let b = try Child(executable, ["run", "--open", path], input: "dump\n", keepInputOpen: true)
    #expect(await a.waitForOutput())
    #expect(await b.waitForOutput())
    a.send("rename 1 Renamed\nsave\n")
    try a.closeInput()
    #expect(await a.waitForExit())
    #expect(a.process.terminationStatus == 0)
    b.send("duration 1 5m\nsave\n")
    try b.closeInput()
    #expect(await b.waitForExit())
    #expect(b.process.terminationStatus == 0)
    let saved = try DocumentFile.read(path)
    #expect(saved.timer.name == "Renamed")
    #expect(saved.timer.duration == 300)
  }

  /// Quitting interrupts a save being written; the last save still writes every change, the
  /// interrupted one's included, whenever the interruption lands.
  @Test func anInterruptedSaveLosesNothing() async throws {
    let folder = TemporaryFolder()
    var documents: [(path: String, document: TimerDocument)] = []
    for index in 0..<300 {
      let id = String(format: "00000000-0000-0000-0000-%012d", index)
      let path = folder.write(TimerDocument.json(id: id), to: "d\(index).timer")
      documents.append((path, try DocumentFile.read(path)))
    }
    let host = withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      DocumentsHost(documents: documents)
    }
    for delay in [0, 1, 3, 10] {
      for row in 0..<300 { host.rename(row: row, to: "Round \(delay)") }
      let running = Task { await host.save() }
      try? await Task.sleep(for: .milliseconds(delay))
      host.interruptSaving()
      #expect(await host.save().problems.isEmpty)
      _ = await running.value
      for (path, _) in documents {
        #expect(try DocumentFile.read(path).timer.name == "Round \(delay)")
      }
    }
  }

  @Test func mergingKeepsOurCountAndTheirDuration() {
    let id = UUID()
    let base = TimerDocument(id: id, timer: LonelyTimer.State(name: "Tea", duration: 100))
    var ours = base
    ours.timer.remaining = 90
    ours.timer.status = .counting
    var theirs = base
    theirs.timer.duration = 50
    theirs.timer.remaining = 50
    let merge = DocumentMerge(base: base, ours: ours, theirs: theirs)
    #expect(merge.taken == ["duration"])
    #expect(merge.document.timer.duration == 50)
    #expect(merge.document.timer.remaining == 40)
    #expect(merge.document.timer.status == .counting)
  }
}
