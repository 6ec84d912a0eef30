import Foundation

/// A `UserDefaults` an ``AppStorageKey`` reads and writes, and how it hears of changes there:
/// key-value observation where Foundation has it (Apple platforms), otherwise the keys' own
/// registry, which their saves and the test store (``TellingUserDefaults``) tell at once.
struct AppStore: @unchecked Sendable {
  // `@unchecked`: `UserDefaults` is thread-safe, though older SDKs do not say it is `Sendable`.
  let defaults: UserDefaults

  init(_ defaults: UserDefaults) {
    self.defaults = defaults
  }

  /// Whether key-value observation follows `key` in this store: a name with a `.` or a leading
  /// `@` is a key path to it, not a name.
  func isObserved(_ key: String) -> Bool {
    #if canImport(ObjectiveC)
      return !key.contains(".") && !key.hasPrefix("@")
    #else
      return false
    #endif
  }

  /// Starts telling `onChange` about changes of `key` in the store.
  func observe(_ key: String, onChange: @escaping @Sendable () -> Void) -> AppStoreObservation {
    #if canImport(ObjectiveC)
      if isObserved(key) {
        let observer = KeyValueObserver(onChange)
        defaults.addObserver(observer, forKeyPath: key, options: [], context: nil)
        return AppStoreObservation { [defaults = self] in
          defaults.defaults.removeObserver(observer, forKeyPath: key)
        }
      }
    #endif
    let id = AppStorageRegistry.shared.add(onChange, for: key, in: defaults)
    return AppStoreObservation { [defaults = self] in
      AppStorageRegistry.shared.remove(id, for: key, in: defaults.defaults)
    }
  }

  /// Tells the other keys of `key` in this store that it changed, where nothing else does.
  func tellOthers(_ key: String) {
    guard !isObserved(key), !(defaults is TellingUserDefaults) else { return }
    AppStorageRegistry.shared.tell(key, in: defaults)
  }
}

/// Stops an ``AppStore`` observation, once.
typealias AppStoreObservation = StopOnce

/// Who follows which name of which store, where no key-value observation tells them.
final class AppStorageRegistry: Sendable {
  static let shared = AppStorageRegistry()

  private struct Name: Hashable {
    let store: ObjectIdentifier
    let key: String
  }

  private let followers = LockIsolated<
    (next: UInt64, all: [Name: [UInt64: @Sendable () -> Void]])
  >((0, [:]))

  func add(_ onChange: @escaping @Sendable () -> Void, for key: String, in store: UserDefaults)
    -> UInt64
  {
    followers.withLock { followers in
      defer { followers.next += 1 }
      followers.all[Name(store: ObjectIdentifier(store), key: key), default: [:]][
        followers.next] = onChange
      return followers.next
    }
  }

  func remove(_ id: UInt64, for key: String, in store: UserDefaults) {
    let name = Name(store: ObjectIdentifier(store), key: key)
    followers.withLock { followers in
      followers.all[name]?[id] = nil
      if followers.all[name]?.isEmpty == true { followers.all[name] = nil }
    }
  }

  /// Tells the followers of `key` in `store`, with no lock held.
  func tell(_ key: String, in store: UserDefaults) {
    let name = Name(store: ObjectIdentifier(store), key: key)
    let told = followers.withLock { $0.all[name].map { Array($0.values) } ?? [] }
    for onChange in told { onChange() }
  }
}

#if canImport(ObjectiveC)
  /// Hears key-value observation's changes of one name.
  private final class KeyValueObserver: NSObject, @unchecked Sendable {
    // `@unchecked`: `onChange` is immutable and `Sendable`; `NSObject` says nothing.
    let onChange: @Sendable () -> Void

    init(_ onChange: @escaping @Sendable () -> Void) {
      self.onChange = onChange
      super.init()
    }

    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      onChange()
    }
  }
#endif
