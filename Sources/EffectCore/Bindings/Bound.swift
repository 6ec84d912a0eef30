/// Marks a state property that views may set directly, through a ``BindingAction``.
///
/// ```swift
/// struct State: Equatable {
///   @Bound var name = ""
/// }
/// store.send(.binding(.set(\.$name, "Blob")))
/// ```
///
/// The projected value (`$name`) is what a ``BindingAction`` targets: only `@Bound` properties
/// can be set that way.
@propertyWrapper
public struct Bound<Value> {
  /// The property's value.
  public var wrappedValue: Value

  /// Wraps a value.
  ///
  /// - Parameter wrappedValue: The initial value.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, for `BindingAction.set(_:_:)` key paths such as `\.$name`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension Bound: Equatable where Value: Equatable {}
extension Bound: Hashable where Value: Hashable {}
extension Bound: Sendable where Value: Sendable {}

extension Bound: Encodable where Value: Encodable {
  /// Encodes the value alone, as if it were not wrapped.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension Bound: Decodable where Value: Decodable {
  /// Decodes the value alone, as if it were not wrapped.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}

extension Bound: CustomReflectable {
  /// Reflects as the value, so dumps and diffs show `name: "Blob"`.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}
