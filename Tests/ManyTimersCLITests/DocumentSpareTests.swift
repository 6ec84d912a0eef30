import Foundation
import Synchronization
import Testing

@testable import ManyTimersCLI

/// The files a save fills instead of creating its own (issue 35, item 6: creating 2,000 files
/// was most of quitting with 2,000 changed documents). A spare is filled only while it is
/// nobody's document; a batch that keeps the files it replaced creates none the next time.
struct DocumentSpareTests {
  /// `(device, inode)` of the file at `path`.
  static func inode(_ path: String) -> DocumentFile.FileIdentity? {
    DocumentFile.identity(path)
  }

  static func links(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_nlink) : 0
  }

  static func documents(_ folder: TemporaryFolder, _ count: Int) -> [String] {
    (0..<count).map { index in
      folder.write(
        TimerDocument.json(
          id: String(format: "00000000-0000-0000-0000-%012d", index), name: "Doc \(index)"),
        to: "d\(index).timer")
    }
  }

  static func renamed(_ path: String, _ name: String) throws -> TimerDocument {
    var document = try DocumentFile.read(path, cleaningUp: false)
    document.timer.name = name
    return document
  }

  static func names(in folder: TemporaryFolder) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
  }

  @Test func aBatchKeepingWhatItReplacedCreatesNoFileTheNextTime() throws {
    let folder = TemporaryFolder()
    let paths = Self.documents(folder, 3)
    let original = paths.map { Self.inode($0) }
    let first = DocumentFile.write(
      try paths.map { (try Self.renamed($0, "One"), $0) }, keepingReplaced: Set(paths))
    #expect(first.errors.allSatisfy { $0 == nil })
    #expect(Set(first.spares.keys) == Set(paths))
    for (index, path) in paths.enumerated() {
      let spare = try #require(first.spares[path])
      // The replaced file, under its temporary name only: no longer the document.
      #expect(Self.inode(spare) == original[index])
      #expect(Self.links(spare) == 1)
      #expect(Self.inode(path) != original[index])
      #expect(try DocumentFile.read(path).timer.name == "One")
    }
    let files = Set(try Self.names(in: folder).map { Self.inode(folder.file($0)) })

    let second = DocumentFile.write(
      try paths.map { (try Self.renamed($0, "Two"), $0) }, spares: first.spares,
      keepingReplaced: Set(paths))
    #expect(second.errors.allSatisfy { $0 == nil })
    for (index, path) in paths.enumerated() {
      // The spare became the document; the first batch's document is the next spare.
      #expect(Self.inode(path) == original[index])
      #expect(try DocumentFile.read(path).timer.name == "Two")
      let spare = try #require(second.spares[path])
      #expect(try Self.names(in: folder).contains(name(of: spare)))
    }
    #expect(Set(try Self.names(in: folder).map { Self.inode(folder.file($0)) }) == files)
    #expect(try Self.names(in: folder).count == 6)

    DocumentFile.removeSpares(second.spares.values)
    #expect(try Self.names(in: folder) == Set(paths.map { name(of: $0) }))
  }

  @Test func aSpareThatHasAnotherNameIsNeverFilled() throws {
    let folder = TemporaryFolder()
    let paths = Self.documents(folder, 2)
    let keep = folder.write("a user's own file\n", to: "notes.txt")
    // A spare that is also a user's file, and one that is still the document (as after a
    // failed rename).
    let shared = folder.file(".d0.timer.1.1.tmp")
    let itself = folder.file(".d1.timer.1.2.tmp")
    #expect(link(keep, shared) == 0)
    #expect(link(paths[1], itself) == 0)
    let before = folder.contents("d1.timer")
    let outcome = DocumentFile.write(
      try paths.map { (try Self.renamed($0, "Saved"), $0) },
      spares: [paths[0]: shared, paths[1]: itself])
    #expect(outcome.errors.allSatisfy { $0 == nil })
    #expect(folder.contents("notes.txt") == "a user's own file\n")
    #expect(Self.links(keep) == 1)
    for path in paths { #expect(try DocumentFile.read(path).timer.name == "Saved") }
    // The old document was replaced, not written in place.
    #expect(folder.contents("d1.timer") != before)
    #expect(try Self.names(in: folder) == ["d0.timer", "d1.timer", "notes.txt"])
  }

  @Test func aNamedPipeInASparesPlaceIsPassedOverWithoutWaiting() async throws {
    let folder = TemporaryFolder()
    let path = Self.documents(folder, 1)[0]
    let pipe = folder.file(".d0.timer.1.3.tmp")
    #expect(mkfifo(pipe, 0o644) == 0)
    let document = try Self.renamed(path, "Piped")
    // Opening a pipe to write waits for a reader: the write runs on a thread of its own, and
    // the test waits a bounded time for it.
    let done = DispatchSemaphore(value: 0)
    let errors = Mutex<[DocumentError?]>([])
    Thread {
      errors.withLock { $0 = DocumentFile.write([(document, path)], spares: [path: pipe]).errors }
      done.signal()
    }.start()
    #expect(done.wait(timeout: .now() + 60) == .success, "the write waited on a named pipe")
    #expect(errors.withLock { $0 } == [nil])
    #expect(try DocumentFile.read(path).timer.name == "Piped")
  }

  @Test func anInterruptedBatchKeepsWhatItFilledForTheNextSave() throws {
    let folder = TemporaryFolder()
    let paths = Self.documents(folder, 3)
    let before = paths.map { FileManager.default.contents(atPath: $0) }
    // Asked once per document before it is written, then once before the renames.
    let asked = Mutex(0)
    let interrupted = DocumentFile.write(try paths.map { (try Self.renamed($0, "Late"), $0) }) {
      asked.withLock {
        $0 += 1
        return $0 > paths.count
      }
    }
    #expect(interrupted.errors == [.interrupted, .interrupted, .interrupted])
    #expect(paths.map { FileManager.default.contents(atPath: $0) } == before)
    #expect(Set(interrupted.spares.keys) == Set(paths))

    let spareFiles = interrupted.spares.values.map { Self.inode($0) }
    let saved = DocumentFile.write(
      try paths.map { (try Self.renamed($0, "Last"), $0) }, spares: interrupted.spares)
    #expect(saved.errors.allSatisfy { $0 == nil })
    #expect(saved.spares.isEmpty)
    for path in paths { #expect(try DocumentFile.read(path).timer.name == "Last") }
    #expect(Set(paths.map { Self.inode($0) }) == Set(spareFiles))
    #expect(try Self.names(in: folder) == Set(paths.map { name(of: $0) }))
  }

  @Test func madeSparesAreKeptFromStrayCleaningAndRemovedWhenNotNeeded() throws {
    let folder = TemporaryFolder()
    let paths = Self.documents(folder, 2)
    let spares = DocumentFile.makeSpares(for: paths)
    #expect(Set(spares.keys) == Set(paths))
    for spare in spares.values {
      #expect(FileManager.default.contents(atPath: spare) == Data())
    }
    // This process still runs: its spares are not strays.
    DocumentFile.removeStrayTemporaries(of: paths)
    #expect(try Self.names(in: folder).count == 4)
    #expect(DocumentFile.makeSpares(for: paths) { true }.isEmpty)
    DocumentFile.removeSpares(spares.values)
    #expect(try Self.names(in: folder) == ["d0.timer", "d1.timer"])
  }

  @Test func aFileAnotherProgramWroteIsNeverKeptAsASpare() async throws {
    let folder = TemporaryFolder()
    let paths = Self.documents(folder, 2)
    let saver = DocumentSaver(
      documents: try paths.map { ($0, try DocumentFile.read($0, cleaningUp: false)) })
    _ = await saver.save(try paths.map { ($0, try Self.renamed($0, "Ours")) }, preparing: paths)
    // Another program replaces the first document; it may still have its file open.
    var theirs = try DocumentFile.read(paths[0], cleaningUp: false)
    theirs.timer.duration = 600
    let text = String(decoding: theirs.encoded(), as: UTF8.self)
    _ = folder.write(text, to: "d0.timer")

    let outcomes = await saver.save(
      try paths.map { ($0, try Self.renamed($0, "Again")) }, preparing: paths)
    #expect(outcomes.count == 2)
    // Their file would be a spare still holding what they wrote (compared by contents: a freed
    // inode's number may come back at once for a new file).
    for name in try Self.names(in: folder) where name != "d0.timer" {
      #expect(folder.contents(name)?.contains("\"duration\":600") != true, "\(name) is theirs")
    }
    // Ours, untouched since this process wrote it, was kept.
    #expect(try Self.names(in: folder).count == 4)
    #expect(try DocumentFile.read(paths[0]).timer.duration == 600)
    _ = await saver.save([])
    #expect(try Self.names(in: folder) == ["d0.timer", "d1.timer"])
  }

  @Test func theSaverPreparesItsNextSaveAndItsLastLeavesNothing() async throws {
    let folder = TemporaryFolder()
    let paths = Self.documents(folder, 2)
    let saver = DocumentSaver(
      documents: try paths.map { ($0, try DocumentFile.read($0, cleaningUp: false)) })
    // Nothing changed yet: the counting documents get new spares.
    _ = await saver.save([], preparing: paths)
    #expect(try Self.names(in: folder).count == 4)
    for round in 1...3 {
      let outcomes = await saver.save(
        try paths.map { ($0, try Self.renamed($0, "Round \(round)")) }, preparing: paths)
      #expect(outcomes.allSatisfy { if case .saved = $0 { true } else { false } })
      #expect(try Self.names(in: folder).count == 4)
    }
    _ = await saver.save(try paths.map { ($0, try Self.renamed($0, "Last")) })
    #expect(try Self.names(in: folder) == ["d0.timer", "d1.timer"])
    for path in paths { #expect(try DocumentFile.read(path).timer.name == "Last") }
  }
}

private func name(of path: String) -> String { DocumentFile.split(path).name }
