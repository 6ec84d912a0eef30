import EffectCore
import Foundation
import Testing

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Kills the built `many-timers` with SIGKILL while it saves a document over and over: the
/// document is always the old one or one of the new ones, whole, never a mix or a part.
@MainActor
@Suite struct KillMidSaveTests {
  static let runs = 20
  static let savesPerRun = 300
  static let id = "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D10"

  @Test func aKillMidSaveLeavesTheOldDocumentOrANewOneWhole() async throws {
    let executable = try #require(ExecutableTests.executable, "build many-timers first")
    let folder = TemporaryFolder()
    let path = folder.write(
      TimerDocument.json(id: Self.id, name: "Start", duration: 0, remaining: 0), to: "kill.timer")
    var current = try #require(FileManager.default.contents(atPath: path))
    var untouched = 0
    var interrupted = 0
    var completed = 0
    for run in 0..<Self.runs {
      // Each save writes a name and a duration that belong together: a mix would show.
      var script = "dump\n"
      var saved: [Data] = []
      for save in 1...Self.savesPerRun {
        let name = "Run \(run) save \(save)"
        script += "rename 1 \(name)\nduration 1 \(save)\nsave\n"
        let timer = LonelyTimer.State(name: name, duration: save)
        saved.append(TimerDocument(id: UUID(uuidString: Self.id)!, timer: timer).encoded())
      }
      // The script fits in a pipe's buffer, so writing it never blocks on the child.
      #expect(script.utf8.count < 60_000)
      let child = try Child(executable, ["run", "--open", path], input: script)
      // Once the first `dump` is out, the child is past its start and into the saves.
      try #require(await child.waitForOutput(), "run \(run): many-timers printed nothing")
      try await Task.sleep(for: .microseconds(250 * run))
      kill(child.process.processIdentifier, SIGKILL)
      await child.waitForExit()

      let bytes = try #require(FileManager.default.contents(atPath: path))
      #expect(throws: Never.self, "run \(run): the document must still open") {
        try TimerDocument.decode(bytes)
      }
      if bytes == current {
        untouched += 1
      } else if bytes == saved.last {
        completed += 1
      } else if saved.contains(bytes) {
        interrupted += 1
      } else {
        Issue.record(
          "run \(run): neither the old document nor a new one: \(bytes.debugDescription)")
      }
      current = bytes
    }
    // The kills must have landed among the saves, or this test proved nothing.
    #expect(interrupted > 0, "untouched \(untouched), interrupted 0, completed \(completed)")

    // A kill may leave a temporary file (`.kill.timer.PID.RANDOM.tmp`) beside the document.
    // Their processes are gone: opening the document removes them, and it opens and saves.
    _ = try Self.strays(in: folder)
    let console = Console(input: ["rename 1 After", "save"])
    #expect(await console.run(["run", "--virtual-clock", "--open", path]) == .success)
    #expect(console.errors.isEmpty)
    #expect(try DocumentFile.read(path).timer.name == "After")
    #expect(try Self.strays(in: folder).isEmpty)
  }

  /// The temporary files in `folder`, with their contents.
  static func strays(in folder: TemporaryFolder) throws -> [String: Data] {
    var strays: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name != "kill.timer" {
      #expect(name.hasPrefix(".kill.timer.") && name.hasSuffix(".tmp"), "unexpected \(name)")
      strays[name] = FileManager.default.contents(atPath: folder.file(name))
    }
    return strays
  }
}
