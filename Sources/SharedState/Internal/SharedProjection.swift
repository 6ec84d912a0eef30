/// A shared reference derived from another: a member of its value (`$syncUp.title`), or its
/// value unwrapped (`Shared($syncUps[id: id])`). It keeps no value of its own: it reads and
/// changes the value of the reference it comes from, down to a root ``SharedBox``, so every
/// holder of the root sees its changes, persistence saves them, observers of the root hear them
/// and a test store records them on the root.
///
/// A class to subclass rather than a protocol: a `Shared` holds either a root box or one of
/// these, and calling an overridden method is cheaper than opening an existential.
@usableFromInline
class SharedProjection<Value: Sendable>: @unchecked Sendable {
  // `@unchecked`: subclasses hold only `Sendable` references, immutable key paths, and state
  // behind a lock.

  /// The value, read through the reference it comes from.
  @usableFromInline var value: Value {
    preconditionFailure("SharedProjection is abstract: \(type(of: self)) must override value")
  }

  /// Changes the value through the reference it comes from, as one step of that reference.
  @usableFromInline func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    preconditionFailure("SharedProjection is abstract: \(type(of: self)) must override withLock")
  }

  /// Starts telling `recorder` about changes of the root this projection reads.
  @usableFromInline func record(changesWith recorder: SharedChangeRecorder) {
    preconditionFailure("SharedProjection is abstract: \(type(of: self)) must override record")
  }
}

/// A member of a shared value: `$syncUp.title`, `$syncUps[id: id]`.
final class MemberProjection<Root: Sendable, Value: Sendable>: SharedProjection<Value>,
  @unchecked Sendable
{
  let base: Shared<Root>
  /// A key path is immutable; `WritableKeyPath` only does not say it is `Sendable`.
  let keyPath: WritableKeyPath<Root, Value>

  init(_ base: Shared<Root>, _ keyPath: WritableKeyPath<Root, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  override var value: Value { base.wrappedValue[keyPath: keyPath] }

  override func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { try operation(&$0[keyPath: keyPath]) }
  }

  override func record(changesWith recorder: SharedChangeRecorder) {
    base.record(changesWith: recorder)
  }
}

/// A shared optional, unwrapped: `Shared($syncUps[id: id])`. Once the value becomes `nil` (the
/// element was removed), reads give the last value read or written through this reference, and
/// changes go nowhere, so that a screen still showing the element never crashes, as in
/// swift-sharing.
final class UnwrappedProjection<Value: Sendable>: SharedProjection<Value>, @unchecked Sendable {
  let base: Shared<Value?>
  private let last: LockIsolated<Value>

  init(_ base: Shared<Value?>, value: Value) {
    self.base = base
    self.last = LockIsolated(value)
  }

  override var value: Value {
    guard let value = base.wrappedValue else { return last.value }
    last.withLock { $0 = value }
    return value
  }

  override func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { optional in
      // In place: `optional!` as an inout argument changes the value inside, with no copy.
      guard optional != nil else {
        var gone = last.value
        return try operation(&gone)
      }
      defer { last.withLock { $0 = optional! } }
      return try operation(&optional!)
    }
  }

  override func record(changesWith recorder: SharedChangeRecorder) {
    base.record(changesWith: recorder)
  }
}
