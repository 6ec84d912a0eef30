/// Names a value that parents share with their children, and gives its default.
///
/// Define one key per shared value. Parents hold the value with ``ParentState``, children read it
/// with ``ChildState``; neither names the other, only the key:
///
/// ```swift
/// struct CounterKey: SharedStateKey {
///   static let defaultValue = 4
/// }
/// ```
///
/// The default is what a parent starts from, and what a child sees where no parent shares the
/// key (for instance when the child runs on its own in a test or a preview).
///
/// Keys are only ever used as types, never instantiated; a struct or enum without stored
/// properties is all it takes (and is `Sendable` for free).
public protocol SharedStateKey: Sendable {
  /// The type of the shared value. It is compared to send changes only when the value really
  /// changed.
  associatedtype Value: Equatable & Sendable

  /// The value a parent starts from, and what children read where no parent shares the key.
  static var defaultValue: Value { get }
}
