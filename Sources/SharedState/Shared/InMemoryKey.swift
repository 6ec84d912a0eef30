/// A ``SharedKey`` for a value kept in memory by name, for as long as the process (or test)
/// runs: every `@Shared(.inMemory("draft"))` holds the same value.
///
/// ```swift
/// @Shared(.inMemory("draft")) var draft = ""
/// ```
///
/// The values live in `DependencyValues.defaultInMemoryStorage`, read when the key is made.
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

  /// The name and the storage: keys of one name in one storage hold one value.
  public var id: InMemoryKeyID {
    InMemoryKeyID(name: name, storage: ObjectIdentifier(storage))
  }

  /// The value the storage keeps under ``name``; the first load stores the initial value.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: .success(storage.load(name, initialValue: context.initialValue)))
  }

  /// Values in memory change only through their references: nothing to subscribe to.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Keeps `value` under ``name``.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    storage.save(value, as: name)
    continuation.resume()
  }
}

extension InMemoryKey: SharedReferencesOwner {
  var references: SharedReferences { storage.references }
}

extension InMemoryKey: CustomStringConvertible {
  /// `.inMemory("name")`.
  public var description: String { ".inMemory(\"\(name)\")" }
}

/// What tells ``InMemoryKey``s apart: the name, and the storage it lives in.
public struct InMemoryKeyID: Hashable, Sendable {
  let name: String
  let storage: ObjectIdentifier
}

extension SharedReaderKey {
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
