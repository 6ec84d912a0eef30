#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where ``FileStorageKey`` values are saved: the file system for the app, memory for tests.
///
/// Every `@Shared(.fileStorage(url))` made with one storage and one URL holds the same value,
/// however many features (and stores) declare it. Changes are saved after ``saveDelay``, so that
/// a burst of changes writes the file once; a read first reloads the file if it changed on disk
/// since it was last loaded or saved.
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
  /// How long after a change its value is saved; `.zero` saves at once.
  public let saveDelay: Duration
  private let references = LockIsolated<[URL: WeakReference]>([:])

  init(fileSystem: any FileSystem, saveDelay: Duration) {
    self.fileSystem = fileSystem
    self.saveDelay = saveDelay
  }

  /// Files on disk, the app's storage. A change is saved `saveDelay` after it on the clock in
  /// force where the `Shared` was made (`DependencyValues.continuousClock`), atomically: the
  /// data is written to a temporary file that then replaces the old one.
  ///
  /// - Parameter saveDelay: How long to wait after a change before saving; one second unless
  ///   told.
  public static func fileSystem(saveDelay: Duration = .seconds(1)) -> FileStorage {
    FileStorage(fileSystem: DiskFileSystem(), saveDelay: saveDelay)
  }

  /// Files kept in memory, for tests and previews.
  ///
  /// - Parameters:
  ///   - files: The files there to begin with.
  ///   - saveDelay: How long to wait after a change before saving, on
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

  /// Replaces the file at `url` (removes it for `nil`), as another program would: holders see
  /// the change on their next read.
  public func setContents(_ data: Data?, of url: URL) throws {
    if let data {
      try fileSystem.write(data, to: url)
    } else {
      try fileSystem.remove(url)
    }
  }

  /// The one reference for `url`, made (and loaded lazily) on first use.
  func reference<Value: Codable & Sendable>(
    _ url: URL, initialValue: () -> Value, clock: @autoclosure () -> any Clock<Duration>
  ) -> Shared<Value> {
    let (box, clash): (SharedBox<Value>, Any.Type?) = references.withLock { references in
      if let existing = references[url]?.object {
        if let box = existing as? SharedBox<Value> { return (box, nil) }
        return (SharedBox(initialValue()), type(of: existing))
      }
      let persistence = FilePersistence<Value>(
        url: url, storage: self, clock: saveDelay == .zero ? nil : clock())
      let box = SharedBox(initialValue(), persistence: persistence)
      references[url] = WeakReference(object: box)
      return (box, nil)
    }
    if let clash {
      RuntimeWarning.report(
        "Shared file \(url.path) is held as a \(clash), but was read as \(Value.self): this "
          + "reference is neither shared nor saved. Use one type per file.")
    }
    return Shared(box: box)
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

/// A reference that does not keep its object alive: a file's value lives while someone holds it.
private struct WeakReference: Sendable {
  weak var object: (any AnyObject & Sendable)?
}
