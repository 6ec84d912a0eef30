/// Names where a ``Shared`` value lives: every `Shared` made with equal keys holds the same
/// value.
///
/// ```swift
/// @Shared(.inMemory("draft")) var draft = ""
/// @Shared(.fileStorage(url)) var syncUps: [SyncUp] = []
/// ```
///
/// SharedState has two: ``InMemoryKey`` and ``FileStorageKey``.
public protocol SharedKey<Value>: Sendable {
  /// The type of the value.
  associatedtype Value: Sendable

  /// The reference this key names, made from `initialValue` when its storage has no value.
  ///
  /// - Parameter initialValue: The value to start from.
  /// - Returns: The reference every holder of this key shares.
  func reference(initialValue: () -> Value) -> Shared<Value>
}
