@_spi(Contexts) import EffectCore

/// The live references of keyed shared values, by key id: every `Shared` (or `SharedReader`)
/// made with keys of one id while a reference lives holds that reference. References are held
/// weakly: once the last holder lets go, the next declaration loads the value from its key again.
///
/// The app has one; each test gets one of its own (a test value is made once per test), so keys
/// of the same id in parallel tests never share a reference. The built-in keys use their
/// storage's own instead (``SharedReferencesOwner``): their values are shared exactly where their
/// storage is, in a test that gives one as in any other.
final class SharedReferences: Sendable {
  private struct Entry {
    weak var box: (any AnyObject & Sendable)?
  }

  private let entries = LockIsolated<[AnyHashable: Entry]>([:])

  /// The reference `key` names: the live one, or a new one that starts from `initialValue` and
  /// loads the key's value (unless `skipInitialLoad`: the caller has just loaded it, as
  /// `init(require:)` and `load(_:)` have).
  ///
  /// No user code runs with this storage's lock held: the default value (which may declare
  /// shared values of its own) and the key's `load` and `subscribe` run before the new reference
  /// is stored. When another thread stored one for the same key meanwhile, that one wins and
  /// this one is dropped.
  func box<Key: SharedReaderKey>(
    for key: Key, initialValue: () -> Key.Value, skipInitialLoad: Bool = false
  ) -> SharedBox<Key.Value> {
    let id = AnyHashable(key.id)
    switch lookUp(id, as: Key.Value.self) {
    case .found(let box):
      return box
    case .heldAs(let other):
      reportClash(key, heldAs: other)
      return SharedBox(initialValue())
    case .none:
      break
    }
    let value = initialValue()
    let persistence = KeyPersistence(key: key, initialValue: value)
    let box = SharedBox(value, persistence: persistence)
    persistence.start(box, skipInitialLoad: skipInitialLoad)
    let (stored, clash) = entries.withLock { entries -> (SharedBox<Key.Value>, Any.Type?) in
      if let existing = entries[id]?.box {
        if let existing = existing as? SharedBox<Key.Value> { return (existing, nil) }
        return (box, type(of: existing))
      }
      if entries.count >= 64, entries.count.nonzeroBitCount == 1 {
        entries = entries.filter { $0.value.box != nil }
      }
      entries[id] = Entry(box: box)
      return (box, nil)
    }
    if let clash { reportClash(key, heldAs: clash) }
    return stored
  }

  private enum LookUp<Value: Sendable> {
    case found(SharedBox<Value>)
    case heldAs(Any.Type)
    case none
  }

  private func lookUp<Value: Sendable>(_ id: AnyHashable, as: Value.Type) -> LookUp<Value> {
    entries.withLock { entries in
      guard let existing = entries[id]?.box else { return .none }
      if let box = existing as? SharedBox<Value> { return .found(box) }
      return .heldAs(type(of: existing))
    }
  }

  private func reportClash<Key: SharedReaderKey>(_ key: Key, heldAs other: Any.Type) {
    RuntimeWarning.report(
      "Shared key \(key) is held as a \(other), but was read as \(Key.Value.self): this "
        + "reference is neither shared nor saved. Use one type per key.")
  }
}

/// A key whose references live in a storage of its own, rather than in
/// `DependencyValues.sharedReferences`.
protocol SharedReferencesOwner {
  var references: SharedReferences { get }
}

extension SharedReferences {
  /// Where the references of `key` live: its storage's, or the ones in force now.
  static func of(_ key: some SharedReaderKey) -> SharedReferences {
    (key as? any SharedReferencesOwner)?.references
      ?? Dependency(\.sharedReferences).wrappedValue
  }
}

extension DependencyValues {
  /// The live references of keyed shared values: one for the app, one per test.
  var sharedReferences: SharedReferences {
    get { self[SharedReferencesKey.self] }
    set { self[SharedReferencesKey.self] = newValue }
  }
}

private enum SharedReferencesKey: DependencyKey {
  static let liveValue = SharedReferences()
  /// One per Swift Testing test. Outside one (XCTest, a thread of a test's own), where a test
  /// value is made again at each read, the process's: declarations of one key still share a
  /// reference there, as in the app.
  static var testValue: SharedReferences {
    RunningTest.current == nil ? liveValue : SharedReferences()
  }
}
