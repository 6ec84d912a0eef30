extension SharedReaderKey {
  /// This key with a default value of its own, so that declarations need neither a type nor a
  /// value: `@Shared(.syncUps) var syncUps`.
  ///
  /// ```swift
  /// extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<SyncUp>>.Default {
  ///   static var syncUps: Self { Self[.fileStorage(.syncUps), default: []] }
  /// }
  /// ```
  public typealias Default = SharedKeyDefault<Self>
}

/// A key with a default value: what `Key.Default` names. Made with
/// `Self[key, default: value]`; it names the same value as the key it wraps.
public struct SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  /// The key this one gives a default to.
  public let base: Base
  private let makeDefault: @Sendable () -> Base.Value

  /// `key`, with `value` as the default used while storage has no value.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - value: The default, evaluated when a reference is made and storage has none.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, makeDefault: value)
  }

  /// The default value, made anew.
  public var initialValue: Base.Value { makeDefault() }

  /// The wrapped key's id: a key and the same key with a default name one value.
  public var id: Base.ID { base.id }

  /// Loads as the wrapped key does.
  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    base.load(context: context, continuation: continuation)
  }

  /// Subscribes as the wrapped key does.
  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension SharedKeyDefault: SharedKey where Base: SharedKey {
  /// Saves as the wrapped key does.
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension Shared {
  /// The reference `key` names, starting from the key's own default when storage has none.
  ///
  /// ```swift
  /// @Shared(.syncUps) var syncUps   // `syncUps` is a FileStorageKey<…>.Default
  /// ```
  ///
  /// - Parameter key: A key with a default.
  public init<Key: SharedKey<Value>>(_ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.initialValue, key.base)
  }

  /// The reference `key` names, starting from `wrappedValue` (rather than the key's default)
  /// when storage has none.
  ///
  /// - Parameters:
  ///   - wrappedValue: The value to start from.
  ///   - key: A key with a default.
  public init<Key: SharedKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Key>
  ) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }
}

extension SharedReader {
  /// The value `key` names, starting from the key's own default when storage has none.
  ///
  /// - Parameter key: A key with a default.
  public init<Key: SharedReaderKey<Value>>(_ key: SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.initialValue, key.base)
  }

  /// The value `key` names, starting from `wrappedValue` when storage has none.
  ///
  /// - Parameters:
  ///   - wrappedValue: The value to start from.
  ///   - key: A key with a default.
  public init<Key: SharedReaderKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Key>
  ) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }
}
