import Foundation

/// How an ``AppStorageKey`` reads its value from a store and writes it there.
struct AppStorageCoding<Value: Sendable>: Sendable {
  /// The value under the name, or `nil` when there is none (or it is of another type).
  let read: @Sendable (UserDefaults, String) -> Value?
  /// Stores the value under the name.
  let write: @Sendable (Value, UserDefaults, String) -> Void
}

extension AppStorageCoding {
  /// A value the store keeps as it is: `Bool`, `Int`, `Double`, `String`, `[String]`, `Data`,
  /// `Date`.
  static var plain: Self {
    Self(
      read: { store, key in store.object(forKey: key) as? Value },
      write: { value, store, key in store.set(value, forKey: key) })
  }

}

extension AppStorageCoding where Value: Codable {
  /// A value kept as JSON data.
  static var json: Self {
    Self(
      read: { store, key in
        store.data(forKey: key).flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
      },
      write: { value, store, key in
        guard let data = try? JSONEncoder().encode(value) else { return }
        store.set(data, forKey: key)
      })
  }

}

extension AppStorageCoding {
  /// A value kept as its raw value.
  static func raw(_ base: AppStorageCoding<Value.RawValue>) -> Self
  where Value: RawRepresentable, Value.RawValue: Sendable {
    Self(
      read: { store, key in base.read(store, key).flatMap(Value.init(rawValue:)) },
      write: { value, store, key in base.write(value.rawValue, store, key) })
  }
}

extension AppStorageCoding where Value == URL {
  /// A URL, as the store keeps URLs (`url(forKey:)` reads a path too).
  static var url: Self {
    Self(
      read: { store, key in store.url(forKey: key) },
      write: { value, store, key in store.set(value, forKey: key) })
  }
}

/// An optional: `nil` removes the name from the store.
func optionalCoding<Wrapped: Sendable>(
  _ base: AppStorageCoding<Wrapped>
) -> AppStorageCoding<Wrapped?> {
  AppStorageCoding(
    read: { store, key in base.read(store, key).map(Optional.some) },
    write: { value, store, key in
      if let value {
        base.write(value, store, key)
      } else {
        store.removeObject(forKey: key)
      }
    })
}

/// What a store holds under a name, to tell whether it changed: equal values of the property-list
/// types the store keeps give equal fingerprints.
struct AppStorageFingerprint: Equatable, @unchecked Sendable {
  // `@unchecked`: what a store returns is an immutable property-list value.
  private enum Kind: Equatable {
    case absent
    case hashable(AnyHashable)
    case described(String)
  }

  private let kind: Kind

  init(_ object: Any?) {
    guard let object else {
      kind = .absent
      return
    }
    if let hashable = object as? AnyHashable {
      kind = .hashable(hashable)
    } else {
      // An array or a dictionary: its description lists its elements.
      kind = .described(String(reflecting: object))
    }
  }
}
