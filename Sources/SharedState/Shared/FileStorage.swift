#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where ``FileStorageKey`` values are saved: the file system for the app, memory for tests.
///
/// Every `@Shared(.fileStorage(url))` made with one storage and one URL holds the same value,
/// however many features (and stores) declare it. Saves are throttled by ``saveDelay``, as in
/// swift-sharing: a change is written at once, and the changes made in the ``saveDelay`` after it
/// are written together at its end, so a burst of changes writes the file twice at most. A file
/// changed on disk since it was last loaded or saved is reloaded as soon as the file watcher
/// tells it (and at the latest on the next read), and a file deleted or moved away brings the
/// value back to the declaration's default.
///
/// Each test gets an in-memory storage of its own, with no save delay, made at its first read of
/// `DependencyValues.defaultFileStorage` (a test value is made once per test): nothing touches
/// the disk, every declaration of one URL in the test shares one value, and nothing leaks from
/// one test into another. A test can also give the storage, to read what was saved:
///
/// ```swift
/// let files = FileStorage.inMemory()
/// let store = TestStore(initialState: SyncUpsList.State()) { SyncUpsList() } withDependencies: {
///   $0.defaultFileStorage = files
/// }
/// // …
/// #expect(files.contents(of: .syncUps) != nil)
/// ```
public final class FileStorage: Sendable {
  let fileSystem: any FileSystem
  /// How long after a write the next changes wait, to be written together; `.zero` writes each
  /// change at once.
  public let saveDelay: Duration
  /// The live references of this storage's files.
  let references = SharedReferences()

  init(fileSystem: any FileSystem, saveDelay: Duration) {
    self.fileSystem = fileSystem
    self.saveDelay = saveDelay
  }

  /// Files on disk, the app's storage. A change is written at once, and the changes made in the
  /// `saveDelay` after it (on the clock in force where the key was made,
  /// `DependencyValues.continuousClock`) together at its end; atomically: the data is written to
  /// a temporary file that then replaces the old one.
  ///
  /// - Parameter saveDelay: How long after a write the next changes wait; one second unless
  ///   told.
  public static func fileSystem(saveDelay: Duration = .seconds(1)) -> FileStorage {
    FileStorage(fileSystem: DiskFileSystem(), saveDelay: saveDelay)
  }

  /// Files kept in memory, for tests and previews.
  ///
  /// - Parameters:
  ///   - files: The files there to begin with.
  ///   - saveDelay: How long after a write the next changes wait, on
  ///     `DependencyValues.continuousClock` (a `TestClock` in a test); `.zero`, saving at once,
  ///     unless told.
  public static func inMemory(files: [URL: Data] = [:], saveDelay: Duration = .zero) -> FileStorage
  {
    FileStorage(fileSystem: MemoryFileSystem(files: files), saveDelay: saveDelay)
  }

  /// What the file at `url` holds now, or `nil` when there is none.
  public func contents(of url: URL) -> Data? {
    fileSystem.read(url)
  }

  /// Replaces the file at `url` (removes it for `nil`), as another program would: holders are
  /// told, as for a change made on disk (in memory at once, before this returns; on disk by the
  /// file watcher, within milliseconds).
  public func setContents(_ data: Data?, of url: URL) throws {
    if let data {
      try fileSystem.write(data, to: url)
    } else {
      try fileSystem.remove(url)
    }
    (fileSystem as? MemoryFileSystem)?.tellWatchers(of: url)
  }
}

extension DependencyValues {
  /// Where ``FileStorageKey`` values are saved: the file system for the app, an in-memory storage
  /// per test in tests.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependencyKey.self] }
    set { self[FileStorageDependencyKey.self] = newValue }
  }
}

private enum FileStorageDependencyKey: DependencyKey {
  static let liveValue = FileStorage.fileSystem()
  static var testValue: FileStorage { FileStorage.inMemory() }
}
