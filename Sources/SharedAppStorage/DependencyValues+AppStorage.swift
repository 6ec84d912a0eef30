import Foundation
import SharedState

extension DependencyValues {
  /// The store ``AppStorageKey``s use unless told: `UserDefaults.standard` in the app, and in
  /// each test a fresh store of its own (`UserDefaults.inMemory`, made at the test's first read:
  /// a test value is made once per test), so that nothing a test writes reaches the app's
  /// settings or another test.
  ///
  /// ```swift
  /// @Dependency(\.defaultAppStorage) var store
  /// @Shared(.appStorage("count")) var count = 0
  /// store.set(42, forKey: "count")   // count is 42
  /// ```
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].defaults }
    set { self[DefaultAppStorageKey.self] = AppStore(newValue) }
  }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: AppStore { AppStore(.standard) }
  static var previewValue: AppStore { AppStore(.inMemory) }
  static var testValue: AppStore { AppStore(.inMemory) }
}
