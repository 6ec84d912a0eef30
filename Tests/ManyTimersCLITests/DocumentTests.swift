import Foundation
import Testing

@testable import ManyTimersCLI

@MainActor
@Suite struct DocumentTests {
  @Test func newCreatesAndRefusesToOverwrite() async throws {
    let folder = TemporaryFolder()
    let path = folder.file("tea.timer")
    let console = Console()
    #expect(await console.run(["new", path, "--name", "Tea", "--duration", "3m"]) == .success)
    let document = try DocumentFile.read(path)
    #expect(document.timer == LonelyTimer.State(name: "Tea", duration: 180))
    let before = folder.contents("tea.timer")
    #expect(await console.run(["new", path]) == .cannotCreate)
    #expect(console.errors.last == "error: \(path): already exists; 'new' never overwrites a file")
    #expect(folder.contents("tea.timer") == before)
  }

  @Test func documentsRunSideBySideAndAreSaved() async throws {
    let folder = TemporaryFolder()
    // Two documents holding the same timer name never interfere.
    let a = folder.write(
      TimerDocument.json(id: "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D10", duration: 10, remaining: 10),
      to: "a.timer")
    let b = folder.write(
      TimerDocument.json(id: "0A1B2C3D-3B5E-4B8A-9E36-2C8A5A1B7D10", duration: 10, remaining: 10),
      to: "b.timer")
    let console = Console(input: [
      "start 1", "start 2", "advance 2", "stop 1", "advance 3", "rename 2 Green tea", "undo",
      "redo", "dump", "save",
    ])
    #expect(await console.run(["run", "--virtual-clock", "--open", a, b]) == .success)
    #expect(console.errors.isEmpty)
    #expect(
      console.output == [
        #"{"bell":true,"timers":[{"name":"Tea","duration":10,"remaining":8,"status":"ready"},"#
          + #"{"name":"Green tea","duration":10,"remaining":5,"status":"counting"}]}"#
      ])
    #expect(try DocumentFile.read(a).timer.remaining == 8)
    let saved = try DocumentFile.read(b)
    #expect(saved.timer.name == "Green tea")
    #expect(saved.timer.status == .counting)
    #expect(folder.contents("b.timer")?.hasPrefix(#"{"format":1,"id":"0A1B2C3D-"#) == true)
  }

  @Test func addIsRefusedWithDocuments() async {
    let folder = TemporaryFolder()
    let a = folder.write(TimerDocument.json(), to: "a.timer")
    let console = Console(input: ["add Tea", "remove 1"])
    #expect(await console.run(["run", "--virtual-clock", "--open", a]) == .dataError)
    #expect(console.errors.count == 2)
  }

  @Test(arguments: [
    ("", "not a timer document: not valid JSON"),
    ("[1]", "not a timer document: not a JSON object"),
    (TimerDocument.json(format: 2), "format 2 is newer than this many-timers understands (1)"),
    (TimerDocument.json(duration: -5, remaining: 0), "'duration' must be 0 to"),
    (TimerDocument.json(remaining: 500), "'remaining' must be 0 to 'duration' (180), not 500"),
    (TimerDocument.json(status: "paused"), "'status' must be"),
    (TimerDocument.json(id: "nope"), "'id' is not a UUID"),
    (
      TimerDocument.json(duration: 60, remaining: 60, status: "finished"),
      #"'remaining' must be 0 when 'status' is "finished", not 60"#
    ),
    (TimerDocument.json(remaining: 1, status: "finished"), "not 1"),
    (
      TimerDocument.json(id: "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D10\\u0000junk"),
      "'id' is not a UUID"
    ),
    (TimerDocument.json(id: "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B 7D10"), "'id' is not a UUID"),
    (TimerDocument.json(id: "6F1C3E0A 3B5E-4B8A-9E36-2C8A5A1B7D10"), "'id' is not a UUID"),
    (TimerDocument.json(id: " 6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D1"), "'id' is not a UUID"),
    (TimerDocument.json(id: "{6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D10}"), "'id' is not a UUID"),
    (TimerDocument.json(id: "6F1C3E0A3B5E4B8A9E362C8A5A1B7D10"), "'id' is not a UUID"),
    (TimerDocument.json(id: "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D1G"), "'id' is not a UUID"),
    (#"{"format":1}"#, "'id' is missing"),
    (
      #"{"format":1,"id":"6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D10","name":"a","duration":1.5,"remaining":1,"status":"ready"}"#,
      "'duration' is not a whole number"
    ),
  ])
  func badDocumentsAreRefusedAndLeftAlone(text: String, reason: String) async {
    let folder = TemporaryFolder()
    let path = folder.write(text, to: "bad.timer")
    let console = Console(input: ["start 1", "save"])
    #expect(await console.run(["run", "--virtual-clock", "--open", path]) == .dataError)
    #expect(console.errors.count == 1)
    #expect(console.errors[0].hasPrefix("error: \(path): "))
    #expect(console.errors[0].contains(reason))
    #expect(folder.contents("bad.timer") == text)
  }

  @Test func invalidUTF8AndOversizedDocuments() async {
    let folder = TemporaryFolder()
    let binary = folder.file("binary.timer")
    _ = FileManager.default.createFile(atPath: binary, contents: Data([0xFF, 0xFE, 0x00, 0x7B]))
    let huge = folder.write(String(repeating: " ", count: 2 << 20), to: "huge.timer")
    for path in [binary, huge] {
      let console = Console()
      #expect(await console.run(["run", "--open", path]) == .dataError)
      #expect(console.errors.first?.hasPrefix("error: \(path): not a timer document") == true)
    }
    // The whole file's size, not that of the part read before giving up.
    let console = Console()
    _ = await console.run(["run", "--open", huge])
    #expect(console.errors.first?.contains("too large (2097152 bytes;") == true)
  }

  @Test func anIdInEitherCaseIsTheSameUUID() throws {
    let lower = TimerDocument.json(id: "6f1c3e0a-3b5e-4b8a-9e36-2c8a5a1b7d10")
    let document = try TimerDocument.decode(Data(lower.utf8))
    #expect(document.id.uuidString == "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D10")
  }

  @Test func unknownFieldsAreIgnored() throws {
    let text = TimerDocument.json().dropLast() + #","color":"green"}"#
    let document = try TimerDocument.decode(Data(text.utf8))
    #expect(document.timer.name == "Tea")
  }

  @Test func missingDocumentExits66() async {
    let console = Console()
    #expect(await console.run(["run", "--open", "/nonexistent/a.timer"]) == .noInput)
    #expect(console.errors == ["error: /nonexistent/a.timer: no such file"])
  }

  @Test func anUnwritableFolderFailsTheSaveAndKeepsTheFile() async throws {
    guard getuid() != 0 else { return }  // root writes anywhere; CI runs as root
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "a.timer")
    chmod(folder.path, 0o500)
    defer { chmod(folder.path, 0o700) }
    let console = Console(input: ["rename 1 Coffee", "save"])
    #expect(await console.run(["run", "--virtual-clock", "--open", path]) != .success)
    #expect(console.errors.first?.contains("cannot save") == true)
    #expect(folder.contents("a.timer") == TimerDocument.json())
  }

  @Test func aSaveThatCannotWriteFailsLoudlyAndWritesNothing() async throws {
    // Root may write into any folder, so the folder goes away instead: the same failure path
    // (the temporary file beside the document cannot be created) on every machine.
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "a.timer")
    let console = Console(input: ["rename 1 Coffee", "save", "dump"])
    let app = App(
      output: { [unowned console] in console.output.append($0) },
      errorOutput: { [unowned console] in console.errors.append($0) },
      readLine: { [unowned console] in
        if console.output.isEmpty, console.errors.isEmpty {
          try? FileManager.default.removeItem(atPath: folder.path)
        }
        return console.nextLine().map { Array($0.utf8) }
      },
      isTerminal: false)
    let status = await app.run(["run", "--virtual-clock", "--open", path])
    #expect(status != .success)
    #expect(console.errors.first?.contains("cannot save: no such file or directory") == true)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func savingReplacesTheFileAtomically() throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "a.timer")
    var document = try DocumentFile.read(path)
    document.timer.name = "Coffee"
    try DocumentFile.write(document, to: path)
    #expect(try DocumentFile.read(path).timer.name == "Coffee")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(leftovers == ["a.timer"])
  }
}
