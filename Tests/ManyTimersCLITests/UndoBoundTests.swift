import Foundation
import Testing

@testable import ManyTimersCLI

/// The undo history keeps at most ``UndoBound/levels`` steps (issue 29, point 15): a script of
/// a million renames holds bounded memory, and undo goes back that many steps, no further.
@MainActor
@Suite struct UndoBoundTests {
  static let extra = 50

  @Test func theShoeboxKeepsTheLatestStepsOnly() async {
    let renames = UndoBound.levels + Self.extra
    let lines =
      (1...renames).map { "rename 1 N\($0)" } + Array(repeating: "undo", count: renames)
      + ["dump"]
    let console = await Console.script(lines, timers: 1)
    #expect(console.errors.isEmpty)
    #expect(console.output.first?.contains(#""name":"N\#(Self.extra)""#) == true)
  }

  @Test func documentsKeepTheLatestStepsAndTheirOrder() async throws {
    let folder = TemporaryFolder()
    let a = folder.write(TimerDocument.json(name: "A"), to: "a.timer")
    let b = folder.write(
      TimerDocument.json(id: "11111111-2222-3333-4444-555555555555", name: "B"), to: "b.timer")
    let renames = UndoBound.levels + Self.extra
    // Document 2 is renamed once, first; then document 1 past the bound.
    let lines =
      ["rename 2 B2"] + (1...renames).map { "rename 1 N\($0)" }
      + Array(repeating: "undo", count: renames + 1) + ["dump"]
    let console = Console(input: lines)
    #expect(await console.run(["run", "--virtual-clock", "--open", a, b]) == .success)
    #expect(console.errors.isEmpty)
    // Document 1 went back as far as its history reaches; the last undo took back document 2's.
    #expect(console.output.first?.contains(#""name":"N\#(Self.extra)""#) == true)
    #expect(console.output.first?.contains(#""name":"B""#) == true)
  }
}
