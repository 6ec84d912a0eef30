/// A type-erased hashable, sendable value: what `AnyHashable` is, for values that cross
/// concurrency domains (cancellation ids kept in a dictionary, ids in a `Sendable` type).
///
/// ```swift
/// let ids: Set<AnyHashableSendable> = [AnyHashableSendable(1), AnyHashableSendable("search")]
/// ```
///
/// Two values are equal when their bases are (by `AnyHashable`'s rules: `1 as Int` and `1 as
/// Int8` are equal); wrapping a value that is already an `AnyHashableSendable` keeps its base.
/// As `AnyHashable`, it is its base: `AnyHashableSendable(1) == (1 as AnyHashable)`, and
/// `AnyHashable(AnyHashableSendable(1)) as? Int` is `1`. Literals make one too:
///
/// ```swift
/// let id: AnyHashableSendable = "search"
/// ```
public struct AnyHashableSendable: Hashable, Sendable {
  /// The wrapped value.
  public let base: any Hashable & Sendable

  /// Wraps a value whose type is only known as an existential, such as an optional
  /// `(any Hashable & Sendable)?` mapped with `AnyHashableSendable.init`.
  ///
  /// - Parameter base: The value.
  @_disfavoredOverload
  public init(_ base: any Hashable & Sendable) {
    self.init(base)
  }

  /// Wraps a value.
  ///
  /// - Parameter base: The value.
  public init(_ base: some Hashable & Sendable) {
    if let base = base as? AnyHashableSendable {
      self = base
    } else {
      self.base = base
    }
  }

  /// Whether the two bases are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the base.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }
}

extension AnyHashableSendable: CustomStringConvertible, CustomDebugStringConvertible {
  /// The base's description.
  public var description: String { String(describing: base) }

  /// `AnyHashableSendable(base)`.
  public var debugDescription: String { "AnyHashableSendable(\(String(reflecting: base)))" }
}

extension AnyHashableSendable: CustomReflectable {
  /// A mirror with the base as its one child, `value`.
  public var customMirror: Mirror {
    Mirror(self, children: ["value": base])
  }
}

extension AnyHashableSendable: _HasCustomAnyHashableRepresentation {
  /// The base as an `AnyHashable`: what `AnyHashable(self)` is, so that a boxed
  /// `AnyHashableSendable` equals an `AnyHashable` of its base.
  public func _toCustomAnyHashable() -> AnyHashable? {
    AnyHashable(base)
  }
}

extension AnyHashableSendable: ExpressibleByBooleanLiteral {
  /// Wraps a `Bool` literal.
  public init(booleanLiteral value: Bool) {
    self.init(value)
  }
}

extension AnyHashableSendable: ExpressibleByFloatLiteral {
  /// Wraps a `Double` literal.
  public init(floatLiteral value: Double) {
    self.init(value)
  }
}

extension AnyHashableSendable: ExpressibleByIntegerLiteral {
  /// Wraps an `Int` literal.
  public init(integerLiteral value: Int) {
    self.init(value)
  }
}

extension AnyHashableSendable: ExpressibleByStringLiteral {
  /// Wraps a `String` literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}
