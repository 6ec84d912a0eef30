import Foundation

/// A `UserDefaults` that tells the `.appStorage` keys of its names about every write, at once:
/// the store `UserDefaults.inMemory` makes, and each test's `defaultAppStorage`.
///
/// On Apple platforms key-value observation already tells them about any store's writes; on
/// Linux (corelibs Foundation, which has none) this store is how a test's
/// `store.set(1729, forKey: "count")` reaches `@Shared(.appStorage("count"))` before the next
/// line, as in swift-sharing.
final class TellingUserDefaults: UserDefaults {
  override func set(_ value: Any?, forKey defaultName: String) {
    super.set(value, forKey: defaultName)
    AppStorageRegistry.shared.tell(defaultName, in: self)
  }

  override func removeObject(forKey defaultName: String) {
    super.removeObject(forKey: defaultName)
    AppStorageRegistry.shared.tell(defaultName, in: self)
  }
}

extension UserDefaults {
  /// A new, empty store of its own (a suite with a unique name, kept in memory), which tells
  /// `.appStorage` keys about its writes at once: for tests, previews and UI tests, as
  /// swift-sharing's.
  ///
  /// ```swift
  /// withDependencies { $0.defaultAppStorage = .inMemory } operation: { … }
  /// ```
  public static var inMemory: UserDefaults {
    let name = FileManager.default.temporaryDirectory
      .appendingPathComponent("EffectKit.SharedAppStorage.\(UUID().uuidString)").path
    guard let store = TellingUserDefaults(suiteName: name) else {
      preconditionFailure("UserDefaults refused the suite name \(name)")
    }
    return store
  }
}
