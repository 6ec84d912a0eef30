import Foundation
import Testing

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ScreenChild {
  /// Types `bytes` however long: when the terminal's buffer is full, waits for the program to
  /// read, reading its output meanwhile so that it never blocks on drawing.
  func paste(_ bytes: [UInt8], timeout: Duration = .seconds(30)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { buffer in
        write(master, buffer.baseAddress!, buffer.count)
      }
      if written > 0 {
        offset += written
        continue
      }
      guard clock.now < deadline else { return false }
      readAvailable()
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }
}

/// Names the documents must hold, pastes, and screens too small for the table (issue 29,
/// points 4, 9 and 14).
@Suite(.serialized) struct ScreenInputTests {
  /// A thousand characters of `e` and 600 accents each: 1.2 MB, which no document may hold.
  static let heavyName = String(
    repeating: "e" + String(repeating: "\u{0301}", count: 600), count: 1_000)

  @MainActor
  @Test func aNameADocumentCannotHoldIsRefusedInScripts() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    let console = Console(input: ["rename 1 " + Self.heavyName, "rename 1 Kept"])
    #expect(await console.run(["run", "--virtual-clock", "--open", path]) == .dataError)
    #expect(
      console.errors == ["error: line 1: a timer name takes at most 32768 bytes, not 1201000"])
    #expect(try DocumentFile.read(path).timer.name == "Kept")
  }

  @MainActor
  @Test func theLongestAcceptedNameIsSavedAndOpensAgain() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    // 1,000 characters of 31 bytes: within both bounds.
    let name = String(repeating: "e" + String(repeating: "\u{0301}", count: 15), count: 1_000)
    let console = Console(input: ["rename 1 " + name])
    #expect(await console.run(["run", "--virtual-clock", "--open", path]) == .success)
    #expect(console.errors.isEmpty)
    #expect(try DocumentFile.read(path).timer.name == name)
  }

  @MainActor
  @Test func newRefusesANameADocumentCannotHold() async throws {
    let folder = TemporaryFolder()
    let console = Console()
    let status = await console.run(["new", folder.file("s.timer"), "--name", Self.heavyName])
    #expect(status == .usage)
    #expect(!FileManager.default.fileExists(atPath: folder.file("s.timer")))
  }

  @Test func promptTextStaysWithinWhatADocumentHolds() {
    var state = TextPrompt.State(purpose: .add, text: "")
    _ = TextPrompt().reduce(into: &state, action: .typedText(Self.heavyName))
    #expect(TimerDocument.problem(withName: state.text) == nil)
    #expect(!state.text.isEmpty)
  }

  @Test func aPasteOf100KBLandsWithinASecond() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    let child = try ScreenChild(["open", path])
    #expect(await child.waitFor("Tea"))
    child.type("n")
    #expect(await child.waitFor("Rename timer 1"))
    let paste = Array(String(Self.heavyName.prefix(84)).utf8)
    #expect(paste.count > 100_000)
    let clock = ContinuousClock()
    let start = clock.now
    #expect(await child.paste(paste + Array("\r".utf8)))
    child.type("q")
    #expect(await child.waitForExit(timeout: .seconds(30)) != nil)
    let took = start.duration(to: clock.now)
    #expect(took < TimingBudget.limit(.seconds(1)), "the paste took \(took)")
    let saved = try DocumentFile.read(path).timer.name
    #expect(saved.utf8.starts(with: ("Tea" + "e\u{0301}").utf8))
    #expect(saved.utf8.count > 30_000)
    #expect(TimerDocument.problem(withName: saved) == nil)
  }

  @Test(arguments: [3, 5] as [UInt16])
  func confirmationsAndPromptsShowOnATinyScreen(rows: UInt16) async throws {
    let child = try ScreenChild(["shoebox", "--timers", "4"], rows: rows)
    #expect(await child.waitFor("Timer 1"))
    child.type("d")
    #expect(await child.waitFor("Delete timer 1"), "\(child.text.suffix(300))")
    #expect(await child.waitFor("y delete"))
    child.type("y")
    #expect(await child.waitFor("3 timers"))
    child.type("n")
    #expect(await child.waitFor("Rename timer 1"), "\(child.text.suffix(300))")
    child.type("\r")
    child.type("q")
    #expect(await child.waitForExit() != nil)
    #expect(child.isRestored)
  }
}
