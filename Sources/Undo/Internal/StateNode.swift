/// A value of the state as `Encodable` describes it, one level at a time.
///
/// A value is looked into only when it has to be: `value` holds the typed value itself, which
/// is compared bitwise and handed back to decoding unchanged; ``expanded()`` asks it to encode
/// one level (its members or elements, each again a `value`) and nothing deeper.
enum StateNode {
  /// A primitive, as an encoder's `encode(_: Bool)`, `encode(_: String)`, … received it.
  case scalar(Scalar)
  /// A value not looked into yet.
  case value(any Encodable)
  /// A keyed container: members in the order they were encoded.
  case keyed(keys: [String], members: [StateNode])
  /// An unkeyed container.
  case unkeyed([StateNode])

  /// The node one level further in: a `value`'s own encoding, or the node itself.
  ///
  /// A value that encodes another value through a single-value container (a wrapper) expands
  /// to that inner `value`, so that it is compared and decoded as the inner type.
  func expanded() throws -> StateNode {
    guard case .value(let value) = self else { return self }
    return try ShallowEncoder.encode(value)
  }

  /// The primitive this node is, looking through values; `nil` for a container.
  func scalar() throws -> Scalar? {
    switch self {
    case .scalar(let scalar): scalar
    case .keyed, .unkeyed: nil
    case .value: try expanded().scalar()
    }
  }

  private var isValue: Bool {
    if case .value = self { true } else { false }
  }

  /// Whether two nodes encode the same, comparing values bitwise before looking into them.
  static func same(_ lhs: StateNode?, _ rhs: StateNode?) throws -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case (nil, _), (_, nil): return false
    case (.value(let a)?, .value(let b)?) where BitwiseEquality.sameValues(a, b): return true
    case (.scalar(let a)?, .scalar(let b)?): return a == b
    case (.keyed(let aKeys, let aMembers)?, .keyed(let bKeys, let bMembers)?):
      guard aKeys.count == bKeys.count else { return false }
      for (key, member) in zip(aKeys, aMembers) {
        guard let index = bKeys.firstIndex(of: key), try same(member, bMembers[index]) else {
          return false
        }
      }
      return true
    case (.unkeyed(let a)?, .unkeyed(let b)?):
      guard a.count == b.count else { return false }
      for (x, y) in zip(a, b) where !(try same(x, y)) { return false }
      return true
    case (let a?, let b?):
      // Different kinds, or values that differ bitwise: look one level into the values.
      guard a.isValue || b.isValue else { return false }
      return try same(a.expanded(), b.expanded())
    }
  }
}

/// A primitive of the state.
enum Scalar: Equatable {
  case null
  case bool(Bool)
  case string(String)
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  case float(Float)

  /// Compares floating-point values by their bits, so that a `nan` field that did not change is
  /// not seen as a change on every step.
  static func == (lhs: Scalar, rhs: Scalar) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.uint(let a), .uint(let b)): a == b
    case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
    case (.float(let a), .float(let b)): a.bitPattern == b.bitPattern
    default: false
    }
  }

  /// The scalar as an integer of the requested type, when it is one exactly.
  func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
    switch self {
    case .int(let value): T(exactly: value)
    case .uint(let value): T(exactly: value)
    case .double(let value): T(exactly: value)
    case .float(let value): T(exactly: value)
    default: nil
    }
  }

  /// The scalar as a floating-point number of the requested type.
  func floatingPoint<T: BinaryFloatingPoint>(_: T.Type) -> T? {
    switch self {
    case .double(let value): T(value)
    case .float(let value): T(value)
    case .int(let value): T(exactly: value)
    case .uint(let value): T(exactly: value)
    default: nil
    }
  }
}
