/// The values of ``InMemoryKey``s, by name: the process's, or a test's own.
///
/// The app uses one for the whole process. Each test gets one of its own, empty, made at its
/// first read of `DependencyValues.defaultInMemoryStorage` (a test value is made once per test):
/// every `.inMemory` key the test and its features declare shares it, and no test sees another's
/// values. A test can also give a storage of its own:
///
/// ```swift
/// let store = TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
///   $0.defaultInMemoryStorage = InMemoryStorage()
/// }
/// ```
public final class InMemoryStorage: Sendable {
  private let values = LockIsolated<[String: any Sendable]>([:])
  /// The live references of this storage's keys.
  let references = SharedReferences()

  /// An empty storage.
  public init() {}

  /// The value kept under `name`, or `nil` when there is none (then `initialValue`, if given, is
  /// kept from now on). A name that holds another type of value is reported, and reads as `nil`.
  func load<Value: Sendable>(_ name: String, initialValue: Value?) -> Value? {
    let existing: (any Sendable)? = values.withLock { values in
      if let existing = values[name] { return existing }
      if let initialValue { values[name] = initialValue }
      return nil
    }
    guard let existing else { return nil }
    if let value = existing as? Value { return value }
    RuntimeWarning.report(
      "Shared in-memory key \"\(name)\" holds a \(type(of: existing)), but was read as "
        + "\(Value.self): this reference starts from its default. Use one type per key.")
    return nil
  }

  /// Keeps `value` under `name`. The value replaced is released once the lock is.
  func save<Value: Sendable>(_ value: Value, as name: String) {
    let replaced = values.withLock { $0.updateValue(value, forKey: name) }
    _ = replaced
  }
}

extension DependencyValues {
  /// Where ``InMemoryKey`` values live: one storage for the app, one per test in tests.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static let liveValue = InMemoryStorage()
  static var testValue: InMemoryStorage { InMemoryStorage() }
}
