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
  private let boxes = LockIsolated<[String: any Sendable]>([:])

  /// An empty storage.
  public init() {}

  /// The reference named `key`, made from `initialValue` on first use. A name already used for
  /// another type of value is reported, and gets a reference of its own.
  func reference<Value: Sendable>(
    _ key: String, initialValue: () -> Value
  ) -> Shared<Value> {
    let (box, clash): (SharedBox<Value>, (any Sendable)?) = boxes.withLock { boxes in
      if let existing = boxes[key] {
        if let box = existing as? SharedBox<Value> { return (box, nil) }
        return (SharedBox(initialValue()), existing)
      }
      let box = SharedBox(initialValue())
      boxes[key] = box
      return (box, nil)
    }
    if let clash {
      RuntimeWarning.report(
        "Shared in-memory key \"\(key)\" holds a \(type(of: clash)), but was read as \(Value.self):"
          + " this reference is not shared. Use one type per key.")
    }
    return Shared(box: box)
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
