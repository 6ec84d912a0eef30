/// Marks a state property that views may set directly, through a ``BindingAction``.
///
/// ```swift
/// struct State: Equatable {
///   @Bound var name = ""
/// }
/// store.send(.binding(.set(\.$name, "Blob")))
/// ```
///
/// The property has two spellings, one name: `\.name` (what `store.name = …` sends) and the
/// projection `\.$name` are the same property to a ``BindingAction``, so a reducer's
/// `case .binding(\.$name):` matches what a view sends, and so does `case .binding(\.name):`.
@propertyWrapper
public struct Bound<Value> {
  private var storage: Value

  /// Wraps a value.
  ///
  /// - Parameter wrappedValue: The initial value.
  public init(wrappedValue: Value) {
    self.storage = wrappedValue
  }

  /// The property's value.
  public var wrappedValue: Value {
    get { storage }
    set {
      noteWrite()
      storage = newValue
    }
    _modify {
      noteWrite()
      yield &storage
    }
  }

  /// The wrapper itself, for `BindingAction.set(_:_:)` key paths such as `\.$name`.
  public var projectedValue: Self {
    get { self }
    set {
      noteWrite()
      self = newValue
    }
    _modify {
      noteWrite()
      yield &self
    }
  }

  /// Tells a binding action learning which property a key path writes that it writes this one.
  private mutating func noteWrite() {
    guard BoundWrites.isProbing else { return }
    withUnsafeMutablePointer(to: &self) { BoundWrites.note(UnsafeRawPointer($0), Value.self) }
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
