/// The dependencies in force: every override made by `withDependencies`, the `.dependency`
/// reducer modifier or a test store, over each key's default for the current
/// ``DependencyContext``.
///
/// Extend it with a computed property per dependency, and read it with ``Dependency``:
///
/// ```swift
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// The values in force are task-local: they follow structured concurrency, so parallel tests
/// never see each other's overrides.
public struct DependencyValues: Sendable {
  /// The values in force for the current task.
  @TaskLocal @usableFromInline static var current = DependencyValues()

  // Values are boxed by type, so that reading one back is a pointer cast rather than a dynamic
  // cast from an existential: the key's type says what the box holds. Keys' metadata and
  // injectables are both never deallocated, so their identities never collide in one table.
  @usableFromInline var overrides: [ObjectIdentifier: any AnyObject & Sendable] = [:]

  /// Which default every dependency without an override takes: live, preview or test.
  public var context: DependencyContext = .detected

  /// Dependencies with no overrides, in the detected context.
  public init() {}

  /// The value of a dependency: its override, or its default for ``context``.
  ///
  /// - Parameter key: The dependency's key.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    @inlinable
    get {
      if let box = overrides[ObjectIdentifier(key)] {
        return unsafeDowncast(box, to: Box<Key.Value>.self).value
      }
      return DefaultValues.value(of: key, in: context)
    }
    set {
      overrides[ObjectIdentifier(key)] = Box(newValue)
    }
  }

  /// The value an ``Injectable`` resolves to while these values are in force, instead of its
  /// registered or default factory.
  ///
  /// ```swift
  /// withDependencies { $0[API.getUsers] = { [.mock] } } operation: { ... }
  /// ```
  ///
  /// - Parameter injectable: The injectable.
  public subscript<Value: Sendable>(injectable: Injectable<Value>) -> Value? {
    get {
      overrides[ObjectIdentifier(injectable)].map {
        unsafeDowncast($0, to: Box<Value>.self).value
      }
    }
    set { overrides[ObjectIdentifier(injectable)] = newValue.map(Box.init) }
  }
}

/// One dependency value, boxed so that it can be stored beside values of other types.
@usableFromInline
final class Box<Value: Sendable>: Sendable {
  @usableFromInline let value: Value
  init(_ value: Value) { self.value = value }
}
