/// The values of ``InMemoryKey``s, by name: the process's, or a test's own.
///
/// The app uses one for the whole process. Each test that reads
/// `DependencyValues.defaultInMemoryStorage` without overriding it gets a new, empty one, so
/// tests never see each other's values; a test in which several places share a key by name
/// gives them one storage:
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
  /// Where ``InMemoryKey`` values live: one storage for the app, a new one each time a test
  /// reads it without an override.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static let liveValue = InMemoryStorage()
  static var testValue: InMemoryStorage { InMemoryStorage() }
}
