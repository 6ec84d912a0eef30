import Foundation
import Testing

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Documents that are not simple files (issue 20, point 4): opened twice, linked, read-only,
/// named beyond what a document holds, or left with the temporary files of a killed save.
@MainActor
@Suite struct DocumentSafetyTests {
  @Test func theSameDocumentOpenedTwiceIsRefused() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "s.timer")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("l.timer"), withDestinationPath: path)
    #expect(link(path, folder.file("h.timer")) == 0)
    let other = folder.write(TimerDocument.json(name: "Eggs"), to: "o.timer")
    for second in [
      path, folder.path + "/./s.timer", folder.file("l.timer"), folder.file("h.timer"),
    ] {
      let console = Console(input: ["rename 1 Changed", "save"])
      let status = await console.run(["run", "--virtual-clock", "--open", path, other, second])
      #expect(status == .usage)
      #expect(
        console.errors == [
          "error: \(second): the same document as \(path); open each document once"
        ])
    }
    #expect(try DocumentFile.read(path).timer.name == "Tea")
  }

  @Test func aLinkedDocumentIsSavedThroughTheLink() async throws {
    let folder = TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("real"), withIntermediateDirectories: false)
    let target = folder.write(TimerDocument.json(), to: "real/tea.timer")
    let link = folder.file("tea.timer")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/tea.timer")
    let console = Console(input: ["rename 1 Green tea", "save"])
    #expect(await console.run(["run", "--virtual-clock", "--open", link]) == .success)
    #expect(console.errors.isEmpty)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/tea.timer")
    #expect(try DocumentFile.read(target).timer.name == "Green tea")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("real")) == ["tea.timer"])
  }

  @Test func aReadOnlyDocumentIsRefusedAndKept() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "tea.timer")
    #expect(chmod(path, 0o444) == 0)
    let before = FileManager.default.contents(atPath: path)
    let console = Console(input: ["rename 1 Coffee", "save", "dump"])
    #expect(await console.run(["run", "--virtual-clock", "--open", path]) == .ioError)
    let message =
      "\(path): cannot save: the file is read-only; it was left as it was (make it writable "
      + "with 'chmod u+w' to save changes to it)"
    #expect(console.errors == ["error: line 2: \(message)", "error: \(message)"])
    #expect(FileManager.default.contents(atPath: path) == before)
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o444)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tea.timer"])
  }

  @Test func newRefusesANameThatOpenWouldRefuse() async throws {
    let folder = TemporaryFolder()
    let path = folder.file("long.timer")
    let console = Console()
    let name = String(repeating: "n", count: 1_500)
    #expect(await console.run(["new", path, "--name", name]) == .usage)
    #expect(
      console.errors.first?.hasPrefix("error: not a timer document: 'name' is longer than 1000")
        == true)
    #expect(!FileManager.default.fileExists(atPath: path))
    let fine = Console()
    #expect(
      await fine.run(["new", path, "--name", String(repeating: "n", count: 1_000)]) == .success)
    #expect(try DocumentFile.read(path).timer.name.count == 1_000)
  }

  @Test func strayTemporariesOfDeadSavesAreRemovedWhenOpened() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "tea.timer")
    let dead = try deadProcessID()
    let live = getppid()
    let strays = [
      ".tea.timer.\(dead).12345.tmp", ".tea.timer.\(live).777.tmp", ".tea.timer.x.1.tmp",
      ".other.timer.\(dead).1.tmp",
    ]
    for name in strays { _ = folder.write("half", to: name) }
    _ = try DocumentFile.read(path)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(left == Set(["tea.timer"] + strays.dropFirst()))
    // And when saved.
    _ = folder.write("half", to: strays[0])
    var document = try DocumentFile.read(folder.file("tea.timer"))
    _ = folder.write("half", to: strays[0])
    document.timer.name = "Saved"
    try DocumentFile.write(document, to: path)
    #expect(!FileManager.default.fileExists(atPath: folder.file(strays[0])))
  }

  /// The id of a process that has ended.
  private func deadProcessID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }
}
