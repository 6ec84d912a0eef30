import Foundation
import Observation
import Testing

@testable import SharedState

/// A `.fileStorage` value on disk hears changes made to its file elsewhere (another process,
/// another storage of this one) with nobody reading it: the file watcher tells it.
///
/// Waits are bounded polls on real time: the changes come from outside the test's clocks.
struct FileWatchingTests {
  /// A directory of its own for each test, removed at the end.
  final class Folder: Sendable {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("FileWatchingTests-\(UUID().uuidString)")

    init() throws {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
  }

  /// Every value a shared value tells through `asyncValues`, in order, collected by a task of
  /// its own until `stop()`.
  final class Told<Value: Sendable>: Sendable {
    let values = LockIsolated<[Value]>([])
    private let task: LockIsolated<Task<Void, Never>?> = LockIsolated(nil)

    init(_ shared: Shared<Value>) {
      let stream = shared.asyncValues
      let values = values
      task.setValue(
        Task {
          for await value in stream { values.withLock { $0.append(value) } }
        })
    }

    func stop() { task.value?.cancel() }

    deinit { stop() }
  }

  /// Runs `script` with `/bin/sh` in a child process, and waits for it to end.
  func shell(_ script: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  func shared(_ file: URL, default value: Int = 0, in storage: FileStorage? = nil) -> Shared<Int> {
    withDependencies {
      $0.defaultFileStorage = storage ?? .fileSystem(saveDelay: .zero)
    } operation: {
      Shared(wrappedValue: value, .fileStorage(file))
    }
  }

  @Test func anotherProcessWritingTheFileIsToldOnceWithNoAccess() async throws {
    let folder = try Folder()
    let file = folder.file("count.json")
    let count = shared(file)
    let told = Told(count)
    // A view reading the value, as SwiftUI does: told of the change with nothing read since.
    let observed = LockIsolated(0)
    withObservationTracking {
      _ = count.wrappedValue
    } onChange: {
      observed.withLock { $0 += 1 }
    }
    try shell("printf 42 > '\(file.path)'")
    #expect(await poll { observed.value == 1 })
    #expect(await poll { told.values.value.last == 42 })
    try shell("printf 43 > '\(file.path)'")
    #expect(await poll { told.values.value.last == 43 })
    // Each change told once: a second telling of 42 would stand before 43.
    #expect(told.values.value == [0, 42, 43])
    #expect(count.wrappedValue == 43)
  }

  @Test func aDeleteThenARecreateAreEachTold() async throws {
    let folder = try Folder()
    let file = folder.file("count.json")
    try Data("7".utf8).write(to: file)
    let count = shared(file, default: -1)
    let told = Told(count)
    try shell("rm '\(file.path)'")
    #expect(await poll { told.values.value.last == -1 })
    try shell("printf 8 > '\(file.path)'")
    #expect(await poll { told.values.value.last == 8 })
    #expect(told.values.value == [7, -1, 8])
  }

  @Test func aMoveAwayAndBackIsTold() async throws {
    let folder = try Folder()
    let file = folder.file("count.json")
    let elsewhere = try Folder()
    try Data("7".utf8).write(to: file)
    let count = shared(file, default: -1)
    let told = Told(count)
    try shell("mv '\(file.path)' '\(elsewhere.file("away.json").path)'")
    #expect(await poll { told.values.value.last == -1 })
    try shell("mv '\(elsewhere.file("away.json").path)' '\(file.path)'")
    #expect(await poll { told.values.value.last == 7 })
    #expect(told.values.value == [7, -1, 7])
  }

  @Test func anAtomicReplaceIsTold() async throws {
    let folder = try Folder()
    let file = folder.file("count.json")
    try Data("1".utf8).write(to: file)
    let count = shared(file)
    let told = Told(count)
    // As an editor saves: a new file beside it, renamed over it.
    try shell(
      "printf 2 > '\(folder.file(".count.json.tmp").path)' && mv '\(folder.file(".count.json.tmp").path)' '\(file.path)'"
    )
    #expect(await poll { told.values.value.last == 2 })
    #expect(told.values.value == [1, 2])
  }

  @Test func anotherStorageOfThisProcessIsHeard() async throws {
    let folder = try Folder()
    let file = folder.file("count.json")
    let count = shared(file)
    let told = Told(count)
    // A second storage (another window's) holds a reference of its own to the same file.
    let other = shared(file)
    other.withLock { $0 = 5 }
    #expect(await poll { told.values.value.last == 5 })
    #expect(told.values.value == [0, 5])
  }

  @Test func ownSavesAreNotToldAsOutsideChanges() async throws {
    let folder = try Folder()
    let file = folder.file("count.json")
    let count = shared(file)
    let told = Told(count)
    for value in 1...5 { count.withLock { $0 = value } }
    // The watcher hears the saves above before this write: had it taken one for a change made
    // elsewhere, it would be told again before 99.
    try shell("printf 99 > '\(file.path)'")
    #expect(await poll { told.values.value.last == 99 })
    #expect(told.values.value == [0, 1, 2, 3, 4, 5, 99])
  }

  @Test func aBurstOfWritesIsFewReloads() async throws {
    let folder = try Folder()
    let file = folder.file("count.json")
    let count = shared(file)
    let told = Told(count)
    // Twenty rewrites (each opens, truncates, writes and closes the file) in about a
    // millisecond: one reload here, unless the machine stalls the writer for longer than the
    // watcher's quiet period between two of them (seen with a sanitizer build running beside
    // the suite). `aFileWrittenInManyStepsIsReadOnceItIsClosed` checks the exact count.
    try shell(
      "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do printf $i > '\(file.path)'; done"
    )
    #expect(await poll { told.values.value.last == 20 })
    #expect(told.values.value.count <= 5)
    #expect(told.values.value.first == 0)
    #expect(!told.values.value.dropFirst().contains(0))
  }

  @Test func aFileWrittenInManyStepsIsReadOnceItIsClosed() async throws {
    let folder = try Folder()
    let file = folder.file("numbers.json")
    let numbers = withDependencies {
      $0.defaultFileStorage = .fileSystem(saveDelay: .zero)
    } operation: {
      Shared(wrappedValue: [Int](), .fileStorage(file))
    }
    let told = Told(numbers)
    // One open, twenty-one writes, one close: read half-way, the file would not decode.
    try shell(
      "exec 3> '\(file.path)'; printf '[' >&3; "
        + "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do printf \"$i,\" >&3; done; "
        + "printf '20]' >&3; exec 3>&-")
    #expect(await poll { told.values.value.last == Array(1...20) })
    #expect(told.values.value == [[], Array(1...20)])
    #expect(numbers.loadError == nil)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
  func aThousandWatchedFilesHoldABoundedNumberOfDescriptorsAndThreads() async throws {
    let folder = try Folder()
    let nested = try Folder()
    // Made once for the process: open it before counting.
    _ = shared(folder.file("warm-up.json"))
    let descriptors = openDescriptors()
    let threads = threadCount()
    var counts: [Shared<Int>] = []
    for index in 0..<1000 {
      // Half in one directory, half in a hundred directories of their own.
      let file =
        index.isMultiple(of: 2)
        ? folder.file("\(index).json")
        : nested.url.appendingPathComponent("\(index % 100)/\(index).json")
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      counts.append(shared(file))
    }
    // Other tests run alongside and open files of their own: a watcher holding one descriptor
    // per file would add a thousand.
    #expect(openDescriptors() - descriptors < 50)
    #expect(threadCount() - threads < 20)
    let told = [0, 501, 999].map { Told(counts[$0]) }
    try shell(
      "printf 1 > '\(folder.file("0.json").path)'; "
        + "printf 2 > '\(nested.url.appendingPathComponent("1/501.json").path)'; "
        + "printf 3 > '\(nested.url.appendingPathComponent("99/999.json").path)'")
    #expect(await poll { told.map { $0.values.value.last } == [1, 2, 3] })
    #expect(counts[2].wrappedValue == 0)
  }

  @Test func aDirectoryMadeByTheFirstSaveIsWatchedFromThen() async throws {
    let folder = try Folder()
    let file = folder.url.appendingPathComponent("not-yet/count.json")
    let count = shared(file)
    let told = Told(count)
    count.withLock { $0 = 1 }
    try shell("printf 2 > '\(file.path)'")
    #expect(await poll { told.values.value.last == 2 })
    #expect(told.values.value == [0, 1, 2])
  }

  @Test func aWatchedDirectoryDeletedTellsItsFilesTheyAreGone() async throws {
    let folder = try Folder()
    let directory = folder.url.appendingPathComponent("documents")
    let file = directory.appendingPathComponent("count.json")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("4".utf8).write(to: file)
    let count = shared(file, default: -1)
    let told = Told(count)
    try shell("rm -r '\(directory.path)'")
    #expect(await poll { told.values.value.last == -1 })
    #expect(told.values.value == [4, -1])
  }

  @Test func twoPathsToOneDirectoryKeepItWatchedUntilBothAreDone() async throws {
    let folder = try Folder()
    let real = folder.url.appendingPathComponent("real")
    let link = folder.url.appendingPathComponent("link")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    let file = real.appendingPathComponent("b.json")
    let count = shared(file)
    let told = Told(count)
    do {
      // The system watches the directory once, for both paths: letting go of this one must not
      // stop the watch the other still needs.
      let other = shared(link.appendingPathComponent("a.json"))
      _ = other.wrappedValue
    }
    try shell("printf 6 > '\(file.path)'")
    #expect(await poll { told.values.value.last == 6 })
  }

  @Test func inMemoryAChangeMadeAsAnotherProgramIsToldAtOnce() throws {
    let files = FileStorage.inMemory()
    let url = URL(fileURLWithPath: "/count.json")
    let count = shared(url, in: files)
    let observed = LockIsolated(0)
    withObservationTracking {
      _ = count.wrappedValue
    } onChange: {
      observed.withLock { $0 += 1 }
    }
    try files.setContents(Data("3".utf8), of: url)
    #expect(observed.value == 1)
    #expect(count.wrappedValue == 3)
  }

  @Test func inMemoryTheSameContentsAgainTellNobody() async throws {
    let files = FileStorage.inMemory(files: [URL(fileURLWithPath: "/count.json"): Data("3".utf8)])
    let url = URL(fileURLWithPath: "/count.json")
    let count = shared(url, in: files)
    let told = Told(count)
    try files.setContents(Data("3".utf8), of: url)
    try files.setContents(nil, of: url)
    #expect(await poll { told.values.value.last == 0 })
    #expect(told.values.value == [3, 0])
  }

  /// How many descriptors the process holds.
  private func openDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
  }

  /// How many threads the process runs.
  private func threadCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
  }
}
