/// A value given an id from outside, so that a feature with no id of its own can live in an
/// `IdentifiedArray`.
///
/// ```swift
/// var timers: IdentifiedArrayOf<Identified<Int, LonelyTimer.State>> = [
///   Identified(LonelyTimer.State(name: "Tea"), id: 1)
/// ]
/// timers[id: 1]?.name   // "Tea", through dynamic member lookup
/// ```
@dynamicMemberLookup
public struct Identified<ID: Hashable, Value>: Identifiable {
  /// The id.
  public let id: ID

  /// The wrapped value.
  public var value: Value

  /// Wraps a value with an id.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - id: Its id.
  public init(_ value: Value, id: ID) {
    self.value = value
    self.id = id
  }

  /// Reads and writes the wrapped value's properties: `identified.name`.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Member {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }

  /// Reads the wrapped value's read-only properties.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    value[keyPath: keyPath]
  }
}

extension Identified: Equatable where Value: Equatable {}
extension Identified: Hashable where Value: Hashable {}
extension Identified: Sendable where ID: Sendable, Value: Sendable {}
extension Identified: Encodable where ID: Encodable, Value: Encodable {}
extension Identified: Decodable where ID: Decodable, Value: Decodable {}
