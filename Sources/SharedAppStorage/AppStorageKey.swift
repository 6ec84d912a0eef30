import Foundation
import SharedState

/// A `SharedKey` for a value kept in `UserDefaults`, with swift-sharing's spellings and
/// behaviour: `@Shared(.appStorage("isOn")) var isOn = false`.
///
/// ```swift
/// @Shared(.appStorage("hasSeenOnboarding")) var hasSeenOnboarding = false
/// @Shared(.appStorage("volume", store: .standard)) var volume = 0.5
/// @Shared(.appStorage("lastOpened")) var lastOpened: URL?
/// ```
///
/// - `Bool`, `Int`, `Double`, `String`, `[String]`, `URL`, `Data`, `Date`, a `RawRepresentable`
///   of `Int` or `String`, their optionals, and any `Codable` value (stored as JSON data).
/// - When the store has no value, the declaration's default is written into it, as
///   swift-sharing does, and the value is the default.
/// - Setting an optional to `nil` removes the key, and the value stays `nil`; a key removed by
///   someone else brings the declaration's default back.
/// - A key is its name plus its store: every `@Shared(.appStorage(name))` of one store (one
///   `UserDefaults` object) holds one value.
/// - The store is `store:`, or `DependencyValues.defaultAppStorage`: `UserDefaults.standard` in
///   the app, a fresh store of its own in each test.
///
/// A write made through `UserDefaults` elsewhere reaches the value and its views: on Apple
/// platforms by key-value observation (for a name with no `.` and no leading `@`, which
/// key-value observation cannot follow), as in swift-sharing. Corelibs Foundation (Linux,
/// Android, Windows) has no key-value observation and posts no change notification: there,
/// writes through these keys and through the stores `UserDefaults.inMemory` makes (the test
/// store) are told at once, and any other write is seen at the next read of the value.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  /// The name of the value in the store.
  public let key: String
  let store: AppStore
  private let coding: AppStorageCoding<Value>
  /// What this key last read or wrote, shared by its copies.
  private let tracker = AppStorageTracker()

  init(_ key: String, store: UserDefaults?, coding: AppStorageCoding<Value>) {
    self.key = key
    self.store = AppStore(store ?? Dependency(\.defaultAppStorage).wrappedValue)
    self.coding = coding
  }

  /// The name and the store: keys of one name in one store hold one value.
  public var id: AppStorageKeyID {
    AppStorageKeyID(key: key, store: ObjectIdentifier(store.defaults))
  }

  /// Reads the value; writes the declaration's default into the store when it has none.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: .success(read(writingDefault: context.initialValue)))
  }

  /// Tells `subscriber` when the value changes in the store outside this key's saves.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let initialValue = context.initialValue
    let recheck: @Sendable () -> Void = { [self] in
      guard let value = changedValue(writingDefault: initialValue) else { return }
      subscriber.yield(with: .success(value))
    }
    tracker.start(recheck)
    let observation = store.observe(key, onChange: recheck)
    return SharedSubscription {
      observation.cancel()
      tracker.stop()
    }
  }

  /// Writes `value` into the store (removes the key for an optional's `nil`), and tells the
  /// other keys of the store's name at once.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    tracker.whileSaving {
      coding.write(value, store.defaults, key)
      return ((), currentFingerprint)
    }
    store.tellOthers(key)
    continuation.resume()
  }

  /// The value in the store, or `nil` (the declaration's default) when it has none (then
  /// `initialValue` is written into it) or one that does not read as `Value`.
  private func read(writingDefault initialValue: Value?) -> Value? {
    tracker.whileSaving {
      if let value = coding.read(store.defaults, key) { return (value, currentFingerprint) }
      // Only into an empty name: a value of another type, or JSON that does not decode, is left
      // for whoever wrote it (the value is the default meanwhile).
      if let initialValue, store.defaults.object(forKey: key) == nil {
        coding.write(initialValue, store.defaults, key)
      }
      return (nil, currentFingerprint)
    }
  }

  /// The value, when the store's has changed since this key last read or wrote it; `.some(nil)`
  /// when it was removed (the default then comes back); `nil` when nothing changed.
  private func changedValue(writingDefault initialValue: Value?) -> Value?? {
    guard tracker.hasChanged(currentFingerprint) else { return nil }
    return .some(read(writingDefault: initialValue))
  }

  private var currentFingerprint: AppStorageFingerprint {
    AppStorageFingerprint(store.defaults.object(forKey: key))
  }
}

extension AppStorageKey: SharedKeyPolling {
  /// Where nothing observes the store (Linux, or a name key-value observation cannot follow), a
  /// read first takes a change made through `UserDefaults` elsewhere.
  package func checkForOutsideChanges() {
    guard !store.isObserved(key) else { return }
    tracker.recheck()
  }
}

extension AppStorageKey: CustomStringConvertible {
  /// `.appStorage("name")`.
  public var description: String { ".appStorage(\(String(reflecting: key)))" }
}

/// What tells ``AppStorageKey``s apart: the name, and the store.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}
