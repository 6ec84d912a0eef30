import Foundation
import SharedState

// swift-sharing's `.appStorage(_:store:)` for each type a store keeps, its optional, a raw
// representable of `Int` or `String`, and any `Codable` value (as JSON data).

extension SharedReaderKey {
  /// A a boolean kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A an integer kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A a double kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A a string kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A an array of strings kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A data kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A a date kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A a URL kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL> {
    AppStorageKey(key, store: store, coding: .url)
  }

  /// A a `Codable` value, as JSON data, kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self
  where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coding: .json)
  }

  /// A a `RawRepresentable` of `Int` kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage<Value: RawRepresentable<Int> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self
  where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coding: .raw(.plain))
  }

  /// A a `RawRepresentable` of `String` kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage<Value: RawRepresentable<String> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self
  where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coding: .raw(.plain))
  }

  /// An optional a boolean kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional an integer kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional a double kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional a string kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional an array of strings kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional data kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional a date kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional a URL kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.url))
  }

  /// An optional a `Codable` value, as JSON data, kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self
  where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.json))
  }

  /// An optional a `RawRepresentable` of `Int` kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage<Value: RawRepresentable<Int> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self
  where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.raw(.plain)))
  }

  /// An optional a `RawRepresentable` of `String` kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage<Value: RawRepresentable<String> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self
  where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.raw(.plain)))
  }
}
