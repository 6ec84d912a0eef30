import Foundation
import SharedState
import Testing

struct SyncUp: Codable, Equatable, Sendable {
  var title: String
}

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUpWithID>>.Default {
  /// As TCA's SyncUps declares it.
  static var syncUps: Self {
    Self[.fileStorage(URL(fileURLWithPath: "/documents/sync-ups.json")), default: []]
  }
}

struct SyncUpWithID: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var title: String
}

@MainActor
struct FileStorageTests {
  let url = URL(fileURLWithPath: "/sync-ups.json")

  @Test func savesAtOnceInMemoryByDefault() throws {
    let files = FileStorage.inMemory()
    try withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      @Shared(.fileStorage(url)) var syncUps: [SyncUp] = []
      $syncUps.withLock { $0.append(SyncUp(title: "Design")) }
      let saved = try JSONDecoder().decode([SyncUp].self, from: #require(files.contents(of: url)))
      #expect(saved == [SyncUp(title: "Design")])
    }
  }

  @Test func loadsLazilyOnFirstAccess() throws {
    let files = FileStorage.inMemory()
    try files.setContents(JSONEncoder().encode([SyncUp(title: "Saved")]), of: url)
    withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      @Shared(.fileStorage(url)) var syncUps: [SyncUp] = []
      #expect(syncUps == [SyncUp(title: "Saved")])
    }
  }

  @Test func aChangeBeforeAnyReadStartsFromTheFile() throws {
    let files = FileStorage.inMemory()
    try files.setContents(JSONEncoder().encode([SyncUp(title: "Saved")]), of: url)
    try withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      @Shared(.fileStorage(url)) var syncUps: [SyncUp] = []
      $syncUps.withLock { $0.append(SyncUp(title: "New")) }
      let saved = try JSONDecoder().decode([SyncUp].self, from: #require(files.contents(of: url)))
      #expect(saved == [SyncUp(title: "Saved"), SyncUp(title: "New")])
    }
  }

  @Test func savesAreThrottledOnTheClockAsInSwiftSharing() async throws {
    let files = FileStorage.inMemory(saveDelay: .seconds(1))
    let clock = TestClock()
    let syncUps = withDependencies {
      $0.defaultFileStorage = files
      $0.continuousClock = clock
    } operation: {
      Shared(wrappedValue: [SyncUp](), .fileStorage(url))
    }
    func saved() throws -> [SyncUp]? {
      try files.contents(of: url).map { try JSONDecoder().decode([SyncUp].self, from: $0) }
    }
    // The first change is written at once, and opens a one-second window.
    syncUps.withLock { $0.append(SyncUp(title: "One")) }
    #expect(try saved() == [SyncUp(title: "One")])
    // Changes in the window are written together at its end.
    syncUps.withLock { $0.append(SyncUp(title: "Two")) }
    await clock.advance(by: .milliseconds(999))
    syncUps.withLock { $0.append(SyncUp(title: "Three")) }
    #expect(try saved() == [SyncUp(title: "One")])
    await clock.advance(by: .milliseconds(1))
    #expect(try saved() == [SyncUp(title: "One"), SyncUp(title: "Two"), SyncUp(title: "Three")])
    // After a quiet window, the next change is written at once again.
    await clock.advance(by: .seconds(1))
    syncUps.withLock { $0.append(SyncUp(title: "Four")) }
    #expect(try saved()?.count == 4)
  }

  @Test func aSaveAskedForIsWrittenAtOnceInTheWindow() async throws {
    let files = FileStorage.inMemory(saveDelay: .seconds(1))
    let clock = TestClock()
    let count = withDependencies {
      $0.defaultFileStorage = files
      $0.continuousClock = clock
    } operation: {
      Shared(wrappedValue: 0, .fileStorage(url))
    }
    count.withLock { $0 = 1 }
    count.withLock { $0 = 2 }
    try await count.save()
    #expect(try JSONDecoder().decode(Int.self, from: #require(files.contents(of: url))) == 2)
    await clock.advance(by: .seconds(1))
  }

  @Test func reloadsWhenTheFileChangesOnDisk() throws {
    let files = FileStorage.inMemory()
    try withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      @Shared(.fileStorage(url)) var syncUps: [SyncUp] = []
      $syncUps.withLock { $0 = [SyncUp(title: "Mine")] }
      try files.setContents(JSONEncoder().encode([SyncUp(title: "Theirs")]), of: url)
      #expect(syncUps == [SyncUp(title: "Theirs")])
    }
  }

  @Test func aCorruptFileIsReportedThenSavedOverAsInSwiftSharing() throws {
    let files = FileStorage.inMemory()
    let corrupt = Data("{ not json".utf8)
    try files.setContents(corrupt, of: url)
    let warnings = LockIsolated<[String]>([])
    let record: @Sendable (String) -> Void = { message in warnings.withLock { $0.append(message) } }
    try RuntimeWarning.$handler.withValue(record) {
      try withDependencies {
        $0.defaultFileStorage = files
      } operation: {
        @Shared(.fileStorage(url)) var syncUps = [SyncUp(title: "Default")]
        #expect(syncUps == [SyncUp(title: "Default")])
        #expect($syncUps.loadError is DecodingError)
        $syncUps.withLock { $0.append(SyncUp(title: "Saved")) }
        #expect($syncUps.loadError == nil)
        let saved = try JSONDecoder().decode([SyncUp].self, from: #require(files.contents(of: url)))
        #expect(saved == [SyncUp(title: "Default"), SyncUp(title: "Saved")])
      }
    }
    #expect(warnings.value.count == 1)
    #expect(warnings.value.first?.contains("/sync-ups.json") == true)
    #expect(warnings.value.first?.contains("does not decode") == true)
  }

  @Test func aDeletedFileBringsBackTheDefaultAndTheNextChangeWritesANewOne() throws {
    let files = FileStorage.inMemory()
    try files.setContents(JSONEncoder().encode([SyncUp(title: "Saved")]), of: url)
    try withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      @Shared(.fileStorage(url)) var syncUps = [SyncUp(title: "Default")]
      #expect(syncUps == [SyncUp(title: "Saved")])
      try files.setContents(nil, of: url)
      #expect(syncUps == [SyncUp(title: "Default")])
      $syncUps.withLock { $0.append(SyncUp(title: "New")) }
      let saved = try JSONDecoder().decode([SyncUp].self, from: #require(files.contents(of: url)))
      #expect(saved == [SyncUp(title: "Default"), SyncUp(title: "New")])
    }
  }

  @Test func aFileMovedAwayOnDiskBringsBackTheDefaultAndMovedBackIsReadAgain() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SharedStateTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("sync-ups.json")
    let elsewhere = directory.appendingPathComponent("elsewhere.json")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try JSONEncoder().encode([SyncUp(title: "Saved")]).write(to: file)
    try withDependencies {
      $0.defaultFileStorage = .fileSystem(saveDelay: .zero)
    } operation: {
      @Shared(.fileStorage(file)) var syncUps: [SyncUp] = []
      #expect(syncUps == [SyncUp(title: "Saved")])
      try FileManager.default.moveItem(at: file, to: elsewhere)
      #expect(syncUps == [])
      try FileManager.default.moveItem(at: elsewhere, to: file)
      #expect(syncUps == [SyncUp(title: "Saved")])
    }
  }

  @Test func aFileDeletedWhileAChangeWaitsToBeSavedDropsTheChange() async throws {
    let files = FileStorage.inMemory(saveDelay: .seconds(1))
    let clock = TestClock()
    try files.setContents(JSONEncoder().encode([SyncUp(title: "Saved")]), of: url)
    let syncUps = withDependencies {
      $0.defaultFileStorage = files
      $0.continuousClock = clock
    } operation: {
      Shared(wrappedValue: [SyncUp(title: "Default")], .fileStorage(url))
    }
    // The first change is written at once; the second waits for the end of the window.
    syncUps.withLock { $0.append(SyncUp(title: "Written")) }
    syncUps.withLock { $0.append(SyncUp(title: "Waiting")) }
    try files.setContents(nil, of: url)
    // As in swift-sharing: the change goes with the file, and the value is the default again.
    #expect(syncUps.wrappedValue == [SyncUp(title: "Default")])
    await clock.advance(by: .seconds(1))
    #expect(files.contents(of: url) == nil)
    syncUps.withLock { $0 = [SyncUp(title: "Next")] }
    await clock.advance(by: .seconds(1))
    let saved = try JSONDecoder().decode([SyncUp].self, from: #require(files.contents(of: url)))
    #expect(saved == [SyncUp(title: "Next")])
  }

  /// swift-sharing's `cancelThrottleWhenFileIsDeleted`: nothing reads the value between the
  /// deletion and the end of the window, and the change waiting for it is still dropped.
  @Test func aFileDeletedUnseenInTheWindowIsNotWrittenBack() async throws {
    let files = FileStorage.inMemory(saveDelay: .seconds(1))
    let clock = TestClock()
    let syncUps = withDependencies {
      $0.defaultFileStorage = files
      $0.continuousClock = clock
    } operation: {
      Shared(wrappedValue: [SyncUp(title: "Default")], .fileStorage(url))
    }
    syncUps.withLock { $0 = [SyncUp(title: "Written")] }
    syncUps.withLock { $0 = [SyncUp(title: "Waiting")] }
    try files.setContents(nil, of: url)
    await clock.advance(by: .seconds(1))
    #expect(files.contents(of: url) == nil)
    #expect(syncUps.wrappedValue == [SyncUp(title: "Default")])
  }

  @Test func aKeyWithADefaultAsTCAsSyncUpsDeclaresIt() throws {
    @Shared(.syncUps) var syncUps
    #expect(syncUps.isEmpty)
    $syncUps.withLock { $0.append(SyncUpWithID(id: 1, title: "Design")) }
    let detail = try #require(Shared($syncUps[id: 1]))
    // Read outside the lock here: reading it inside is ReentrancyTests' business, on a thread of
    // its own.
    let id = detail.id
    $syncUps.withLock { _ = $0.remove(id: id) }
    #expect(syncUps.isEmpty)
    @Dependency(\.defaultFileStorage) var files
    let data = try #require(files.contents(of: URL(fileURLWithPath: "/documents/sync-ups.json")))
    #expect(try JSONDecoder().decode([SyncUpWithID].self, from: data) == [])
  }

  @Test func aFormatOfYourOwn() throws {
    // swift-sharing's `customEncodeDecode`.
    let files = FileStorage.inMemory()
    let notes = URL(fileURLWithPath: "/notes.txt")
    try files.setContents(Data("saved".utf8), of: notes)
    withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      let key: FileStorageKey<String> = .fileStorage(
        notes, decode: { String(decoding: $0, as: UTF8.self) }, encode: { Data($0.utf8) })
      @Shared(key) var text = ""
      #expect(text == "saved")
      $text.withLock { $0 = "hello" }
    }
    #expect(files.contents(of: notes) == Data("hello".utf8))
  }

  @Test func anEmptyFileReadsAsTheDefaultWithNoError() throws {
    let files = FileStorage.inMemory(files: [url: Data()])
    withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      @Shared(.fileStorage(url)) var count = 7
      #expect(count == 7)
      #expect($count.loadError == nil)
    }
  }

  /// Makes `count` holders of the file at `url` in `storage`, then adds one through each holder
  /// `times` times while another task reads that holder as often, all at once.
  private func addConcurrently(
    holders count: Int, of url: URL, in storage: FileStorage, times: Int
  ) async -> [Shared<Int>] {
    let holders = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      (0..<count).map { _ in Shared(wrappedValue: 0, .fileStorage(url)) }
    }
    await withTaskGroup(of: Void.self) { group in
      for holder in holders {
        group.addTask {
          for _ in 0..<times { holder.withLock { $0 += 1 } }
        }
        group.addTask {
          for _ in 0..<times { _ = holder.wrappedValue }
        }
      }
    }
    return holders
  }

  @Test(arguments: 1...10)
  func concurrentWritersInOneProcessShareOneValue(round: Int) async throws {
    // Readers reload when the file changed; a save that ends while they look must not be
    // taken for a change made elsewhere, and a change made while a save writes must be saved.
    let files = FileStorage.inMemory()
    let holders = await addConcurrently(holders: 4, of: url, in: files, times: 250)
    #expect(holders.map(\.wrappedValue) == [1000, 1000, 1000, 1000])
    let saved = try JSONDecoder().decode(Int.self, from: #require(files.contents(of: url)))
    #expect(saved == 1000)
  }

  @Test func concurrentWritersOnDiskEndWithTheLastChangeSaved() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SharedStateTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("count.json")
    let holders = await addConcurrently(
      holders: 3, of: file, in: .fileSystem(saveDelay: .zero), times: 40)
    #expect(holders.map(\.wrappedValue) == [120, 120, 120])
    #expect(try JSONDecoder().decode(Int.self, from: Data(contentsOf: file)) == 120)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers == ["count.json"])
  }

  @Test func twoDeclarationsOfOneFileShareInATestWithoutAnOverride() throws {
    let url = URL(fileURLWithPath: "/tmp/never-written/sync-ups.json")
    @Shared(.fileStorage(url)) var first: [String] = []
    @Shared(.fileStorage(url)) var second: [String] = ["ignored"]
    $first.withLock { $0.append("Design") }
    #expect(second == ["Design"])
    // The test's storage is in memory, and it is the one the test reads too.
    @Dependency(\.defaultFileStorage) var files
    let data = try #require(files.contents(of: url))
    #expect(try JSONDecoder().decode([String].self, from: data) == ["Design"])
    #expect(FileManager.default.fileExists(atPath: url.path) == false)
  }

  @Test func savesToDiskAtomically() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SharedStateTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("count.json")
    let clock = TestClock()
    let count = withDependencies {
      $0.defaultFileStorage = .fileSystem()
      $0.continuousClock = clock
    } operation: {
      Shared(wrappedValue: 1, .fileStorage(file))
    }
    count.withLock { $0 = 42 }
    count.withLock { $0 = 43 }
    // The first change is written at once, the second at the end of the window.
    let first = try #require(FileStorage.fileSystem().contents(of: file))
    #expect(try JSONDecoder().decode(Int.self, from: first) == 42)
    await clock.advance(by: .seconds(1))
    let data = try #require(FileStorage.fileSystem().contents(of: file))
    #expect(try JSONDecoder().decode(Int.self, from: data) == 43)
    // Only the file itself is left: the temporary file was renamed over it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["count.json"])
  }

  @Test func testsGetAnInMemoryStorageByDefault() {
    @Shared(.fileStorage(URL(fileURLWithPath: "/nonexistent/dir/file.json"))) var value = 1
    $value.withLock { $0 = 2 }
    #expect(value == 2)
    #expect(FileManager.default.fileExists(atPath: "/nonexistent/dir/file.json") == false)
  }
}
