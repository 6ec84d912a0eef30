/// A type-erased hashable, sendable value: what `AnyHashable` is, for values that cross
/// concurrency domains (cancellation ids kept in a dictionary, ids in a `Sendable` type).
///
/// ```swift
/// let ids: Set<AnyHashableSendable> = [AnyHashableSendable(1), AnyHashableSendable("search")]
/// ```
///
/// Two values are equal when their bases are (by `AnyHashable`'s rules: `1 as Int` and `1 as
/// Int8` are equal); wrapping a value that is already an `AnyHashableSendable` keeps its base.
public struct AnyHashableSendable: Hashable, Sendable {
  /// The wrapped value.
  public let base: any Hashable & Sendable

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
