#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``SharedKey`` for a value saved as JSON in a file: every `@Shared(.fileStorage(url))` holds
/// the same value, loaded from the file on first access and saved when it changes.
///
/// ```swift
/// extension URL {
///   static let syncUps = URL.documentsDirectory.appending(component: "sync-ups.json")
/// }
/// @Shared(.fileStorage(.syncUps)) var syncUps: [SyncUp] = []
/// ```
///
/// - The file is read on the first access, not when the `Shared` is made; until it exists, the
///   value is the default the declaration gives.
/// - A change is saved after the storage's ``FileStorage/saveDelay`` (one second on disk), so a
///   burst of changes writes once, and atomically.
/// - Each access checks the file's modification date and reloads it when another program
///   changed it, unless a change of this process is still waiting to be saved.
/// - A file that does not decode is reported (a runtime warning naming it and the decoding
///   error), the value in memory is kept, and the file is never saved over while it stays
///   corrupt.
///
/// The file lives in `DependencyValues.defaultFileStorage`, read when the `Shared` is made; in
/// tests it is in memory.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  /// The file.
  public let url: URL
  private let storage: FileStorage

  /// A key for the value saved at `url`, in the file storage in force now.
  ///
  /// - Parameter url: The file.
  public init(_ url: URL) {
    self.url = url
    self.storage = Dependency(\.defaultFileStorage).wrappedValue
  }

  /// The reference for ``url``: one per file and storage, made from `initialValue` until the
  /// file is read.
  public func reference(initialValue: () -> Value) -> Shared<Value> {
    storage.reference(
      url, initialValue: initialValue, clock: Dependency(\.continuousClock).wrappedValue)
  }
}

extension SharedKey {
  /// A value saved as JSON at `url`: every `@Shared(.fileStorage(url))` holds the same one.
  ///
  /// ```swift
  /// @Shared(.fileStorage(.syncUps)) var syncUps: [SyncUp] = []
  /// ```
  ///
  /// - Parameter url: The file.
  public static func fileStorage<V>(_ url: URL) -> Self where Self == FileStorageKey<V> {
    FileStorageKey(url)
  }
}
