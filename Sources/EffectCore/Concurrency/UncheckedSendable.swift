/// Wraps a value that is not `Sendable` so that it can cross into a `@Sendable` closure or
/// another task, when you know better than the compiler that it is safe: the value is only ever
/// read, or every access is serialised some other way. As swift-concurrency-extras' type of the
/// same name.
///
/// ```swift
/// let formatter = UncheckedSendable(NumberFormatter())
/// return .run { send in
///   await send(.formatted(formatter.string(from: 42)))   // dynamic member lookup
/// }
/// ```
///
/// It is also a property wrapper, and an `AsyncSequence` when its value is one, so that a
/// sequence that is not `Sendable` can be erased with `eraseToStream()`. Nothing checks the
/// safety you promise: prefer a `Sendable` type, a ``LockIsolated`` value, or
/// `nonisolated(unsafe) let` where it does.
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The wrapped value.
  public var value: Value

  /// Wraps a value.
  ///
  /// - Parameter value: The value.
  public init(_ value: Value) {
    self.value = value
  }

  /// Wraps a value, as a property wrapper.
  ///
  /// - Parameter wrappedValue: The value.
  public init(wrappedValue: Value) {
    self.value = wrappedValue
  }

  /// The wrapped value, as a property wrapper.
  public var wrappedValue: Value {
    _read { yield value }
    _modify { yield &value }
  }

  /// The wrapper itself: `$property`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Reads a property of the wrapped value.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// Reads or writes a property of the wrapped value.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    _read { yield value[keyPath: keyPath] }
    _modify { yield &value[keyPath: keyPath] }
  }
}

extension UncheckedSendable: AsyncSequence where Value: AsyncSequence {
  /// The wrapped sequence's iterator.
  public typealias AsyncIterator = Value.AsyncIterator
  /// The wrapped sequence's element.
  public typealias Element = Value.Element

  /// Makes the wrapped sequence's iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    value.makeAsyncIterator()
  }
}

extension UncheckedSendable: Equatable where Value: Equatable {}
extension UncheckedSendable: Hashable where Value: Hashable {}

extension UncheckedSendable: Decodable where Value: Decodable {
  /// Decodes the value as a single value, or else from the decoder as it stands.
  public init(from decoder: any Decoder) throws {
    do {
      let container = try decoder.singleValueContainer()
      self.init(wrappedValue: try container.decode(Value.self))
    } catch {
      self.init(wrappedValue: try Value(from: decoder))
    }
  }
}

extension UncheckedSendable: Encodable where Value: Encodable {
  /// Encodes the value as a single value, or else into the encoder as it stands.
  public func encode(to encoder: any Encoder) throws {
    do {
      var container = encoder.singleValueContainer()
      try container.encode(value)
    } catch {
      try value.encode(to: encoder)
    }
  }
}
