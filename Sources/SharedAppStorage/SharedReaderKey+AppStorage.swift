import Foundation
import SharedState

// swift-sharing's `.appStorage(_:store:)` for each type a store keeps, its optional, a raw
// representable of `Int` or `String`, and any `Codable` value (as JSON data).

extension SharedReaderKey {
  /// A boolean kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// An integer kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A double kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A string kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// An array of strings kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// Data kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A date kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date> {
    AppStorageKey(key, store: store, coding: .plain)
  }

  /// A URL kept in `UserDefaults` under `key`.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL> {
    AppStorageKey(key, store: store, coding: .url)
  }

  /// A `Codable` value, as JSON data, kept in `UserDefaults` under `key`.
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

  /// A `RawRepresentable` of `Int` kept in `UserDefaults` under `key`.
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

  /// A `RawRepresentable` of `String` kept in `UserDefaults` under `key`.
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

  /// An optional boolean kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional integer kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional double kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional string kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional array of strings kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// Optional data kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional date kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.plain))
  }

  /// An optional URL kept in `UserDefaults` under `key`: `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The name of the value in the store.
  ///   - store: The store; `DependencyValues.defaultAppStorage` when `nil`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL?> {
    AppStorageKey(key, store: store, coding: optionalCoding(.url))
  }

  /// An optional `Codable` value, as JSON data, kept in `UserDefaults` under `key`: `nil` removes it.
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

  /// An optional `RawRepresentable` of `Int` kept in `UserDefaults` under `key`: `nil` removes it.
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

  /// An optional `RawRepresentable` of `String` kept in `UserDefaults` under `key`: `nil` removes it.
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
