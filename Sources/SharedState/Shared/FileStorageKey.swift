#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``SharedKey`` for a value saved as JSON in a file: every `@Shared(.fileStorage(url))` holds
/// the same value, loaded from the file when the first reference is made and saved when it
/// changes.
///
/// ```swift
/// extension URL {
///   static let syncUps = URL.documentsDirectory.appending(component: "sync-ups.json")
/// }
/// @Shared(.fileStorage(.syncUps)) var syncUps: [SyncUp] = []
/// ```
///
/// - Until the file exists (or while it is empty), the value is the default the declaration
///   gives.
/// - A change is written at once, atomically, and the changes made in the storage's
///   ``FileStorage/saveDelay`` after it (one second on disk) are written together at its end, as
///   swift-sharing throttles its saves.
/// - The file is watched (inotify on Linux and Android, kqueue on Apple platforms): when another
///   program, or another storage of this process, writes, replaces, deletes or moves it, the
///   value is reloaded and its observers told within milliseconds, with no access needed, unless
///   a change of this process is still waiting to be saved. A burst of writes is one reload, the
///   process's own saves are not taken for changes, and a file rewritten with the same contents
///   tells nobody. Each access also checks the file's version, so a read never returns a value
///   older than the file (the one way changes are seen where nothing is watched: Windows).
/// - A file deleted or moved away brings the value back to the declaration's default (dropping a
///   change still waiting to be saved), and the next change writes a new file; a file that comes
///   back is read again, as in swift-sharing.
/// - A file that does not decode is reported (a runtime warning naming it and the decoding
///   error, and `$value.loadError`); the value in memory is kept, and the next change saves over
///   the file.
///
/// The file lives in `DependencyValues.defaultFileStorage`, read when the key is made; in tests
/// it is in memory.
public struct FileStorageKey<Value: Sendable>: SharedKey {
  /// The file.
  public let url: URL
  private let storage: FileStorage
  private let file: FileState<Value>

  init(_ url: URL, coding: FileState<Value>.Coding) {
    let storage = Dependency(\.defaultFileStorage).wrappedValue
    self.url = url
    self.storage = storage
    self.file = FileState(
      url: url, storage: storage, coding: coding,
      clock: storage.saveDelay == .zero ? nil : Dependency(\.continuousClock).wrappedValue)
  }

  /// A key for the value saved at `url` in a format of your own, in the file storage in force
  /// now, throttling its saves on the `continuousClock` in force now.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - decode: Makes the value from the file's data.
  ///   - encode: Makes the file's data from the value.
  public init(
    _ url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    self.init(url, coding: FileState.Coding(decode: decode, encode: encode))
  }

  /// The file and its storage: keys of one URL in one storage hold one value.
  public var id: FileStorageKeyID {
    FileStorageKeyID(url: url, storage: ObjectIdentifier(storage))
  }

  /// Reads and decodes the file: the initial value when there is none, an error when it does
  /// not decode.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    file.load(continuation: continuation)
  }

  /// Tells `subscriber` when the file changes on disk: told by the file watcher, and checked on
  /// each access to the value.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    file.subscribe(subscriber)
  }

  /// Saves `value` as JSON: at once, or at the end of the window a write opened; at once when
  /// asked.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    file.save(value, context: context, continuation: continuation)
  }
}

extension FileStorageKey where Value: Codable {
  /// A key for the value saved as JSON at `url`, in the file storage in force now, throttling
  /// its saves on the `continuousClock` in force now.
  ///
  /// - Parameter url: The file.
  public init(_ url: URL) {
    self.init(url, coding: .json)
  }
}

extension FileStorageKey: SharedKeyPolling {
  package func checkForOutsideChanges() { file.checkForOutsideChanges() }
}

extension FileStorageKey: SharedReferencesOwner {
  var references: SharedReferences { storage.references }
}

extension FileStorageKey: CustomStringConvertible {
  /// `.fileStorage(path)`.
  public var description: String { ".fileStorage(\(url.path))" }
}

/// What tells ``FileStorageKey``s apart: the file, and the storage it is saved in.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: ObjectIdentifier
}

extension SharedReaderKey {
  /// A value saved as JSON at `url`: every `@Shared(.fileStorage(url))` holds the same one.
  ///
  /// ```swift
  /// @Shared(.fileStorage(.syncUps)) var syncUps: [SyncUp] = []
  /// ```
  ///
  /// - Parameter url: The file.
  public static func fileStorage<V: Codable>(_ url: URL) -> Self where Self == FileStorageKey<V> {
    FileStorageKey(url)
  }

  /// A value saved at `url` in a format of your own.
  ///
  /// ```swift
  /// let notesFile: FileStorageKey<String> = .fileStorage(
  ///   url, decode: { String(decoding: $0, as: UTF8.self) }, encode: { Data($0.utf8) })
  /// @Shared(notesFile) var notes = ""
  /// ```
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - decode: Makes the value from the file's data.
  ///   - encode: Makes the file's data from the value.
  public static func fileStorage<V>(
    _ url: URL, decode: @escaping @Sendable (Data) throws -> V,
    encode: @escaping @Sendable (V) throws -> Data
  ) -> Self where Self == FileStorageKey<V> {
    FileStorageKey(url, decode: decode, encode: encode)
  }
}
