/// A ``SharedKey`` for a value kept in memory by name, for as long as the process (or test)
/// runs: every `@Shared(.inMemory("draft"))` holds the same value.
///
/// ```swift
/// @Shared(.inMemory("draft")) var draft = ""
/// ```
///
/// The values live in `DependencyValues.defaultInMemoryStorage`, read when the `Shared` is made.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The name the value is kept under.
  public let name: String
  private let storage: InMemoryStorage

  /// A key for the value named `name`, in the storage in force now.
  ///
  /// - Parameter name: The value's name.
  public init(_ name: String) {
    self.name = name
    self.storage = Dependency(\.defaultInMemoryStorage).wrappedValue
  }

  /// The reference named ``name``, made from `initialValue` on first use.
  public func reference(initialValue: () -> Value) -> Shared<Value> {
    storage.reference(name, initialValue: initialValue)
  }
}

extension SharedKey {
  /// A value kept in memory by name: every `@Shared(.inMemory(name))` holds the same one.
  ///
  /// ```swift
  /// @Shared(.inMemory("draft")) var draft = ""
  /// ```
  ///
  /// - Parameter name: The value's name.
  public static func inMemory<V>(_ name: String) -> Self where Self == InMemoryKey<V> {
    InMemoryKey(name)
  }
}
