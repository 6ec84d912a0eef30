/// Where a shared value lives and is saved: a ``SharedReaderKey`` that also saves each change.
///
/// Every `Shared` made with keys of equal ``SharedReaderKey/id`` holds one value. SharedState
/// has two: ``InMemoryKey`` (`.inMemory(name)`) and ``FileStorageKey`` (`.fileStorage(url)`);
/// a key of your own (a settings store, a database row, a server) is written the same way.
///
/// ```swift
/// @Shared(.inMemory("draft")) var draft = ""
/// @Shared(.fileStorage(url)) var syncUps: [SyncUp] = []
/// ```
///
/// `save` is called after each change, one call at a time and in the order of the changes, with
/// no lock held: a burst of changes made while a save runs is saved by the next call, with the
/// newest value.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value` outside, and resumes `continuation` once (with an error, which the
  /// reference's `saveError` then holds, if it failed).
  ///
  /// - Parameters:
  ///   - value: The value to save.
  ///   - context: Why: a holder changed the value (`.didSet`), or asked to save it
  ///     (`$shared.save()`, `.userInitiated`).
  ///   - continuation: What to resume once the value is saved.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a key saves its value.
public enum SaveContext: Hashable, Sendable {
  /// A holder changed the value with `withLock`.
  case didSet
  /// A holder asked for a save (`$shared.save()`).
  case userInitiated
}

extension Shared {
  /// The reference `key` names, once the key has loaded a value: unlike
  /// `init(wrappedValue:_:)`, there is no default to fall back on.
  ///
  /// ```swift
  /// let syncUps = try await Shared<[SyncUp]>(require: .fileStorage(.syncUps))
  /// ```
  ///
  /// - Parameter key: Where the value lives.
  /// - Throws: The key's load error, or ``SharedLoadError`` when the key has no value.
  public init(require key: some SharedKey<Value>) async throws {
    let value = try await Self.requireValue(of: key)
    self.init(loadedValue: value, key)
    if let loadError { throw loadError }
  }

  static func requireValue(of key: some SharedReaderKey<Value>) async throws -> Value {
    let result = await withCheckedContinuation { continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation("\(key)") { continuation.resume(returning: $0) })
    }
    guard let value = try result.get() else { throw SharedLoadError(key: "\(key)") }
    return value
  }
}

extension SharedReader {
  /// The value `key` names, once the key has loaded it: there is no default to fall back on.
  ///
  /// - Parameter key: Where the value lives.
  /// - Throws: The key's load error, or ``SharedLoadError`` when the key has no value.
  public init(require key: some SharedReaderKey<Value>) async throws {
    let value = try await Shared<Value>.requireValue(of: key)
    self.init(loadedValue: value, key)
    if let loadError { throw loadError }
  }
}

/// Thrown by `Shared(require:)` and `SharedReader(require:)` when the key has no value (it
/// resumed with its initial value).
public struct SharedLoadError: Error, CustomStringConvertible {
  /// The key, as it describes itself.
  public let key: String

  /// What went wrong.
  public var description: String { "Shared key \(key) has no value to load." }
}
