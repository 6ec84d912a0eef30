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
  @TaskLocal static var current = DependencyValues()

  private var overrides: [ObjectIdentifier: any Sendable] = [:]
  private var injectableOverrides: [ObjectIdentifier: any Sendable] = [:]

  /// Which default every dependency without an override takes: live, preview or test.
  public var context: DependencyContext = .detected

  /// Dependencies with no overrides, in the detected context.
  public init() {}

  /// The value of a dependency: its override, or its default for ``context``.
  ///
  /// - Parameter key: The dependency's key.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = overrides[ObjectIdentifier(key)] { return value as! Key.Value }
      return DefaultValues.value(of: key, in: context)
    }
    set {
      overrides[ObjectIdentifier(key)] = newValue
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
    get { injectableOverrides[ObjectIdentifier(injectable)].map { $0 as! Value } }
    set { injectableOverrides[ObjectIdentifier(injectable)] = newValue }
  }
}
