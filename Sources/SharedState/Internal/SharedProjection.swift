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
  func record(changesWith recorder: SharedChangeRecorder) {
    preconditionFailure("SharedProjection is abstract: \(type(of: self)) must override record")
  }

  /// Tells observers of the root that it changed.
  func touch() {
    preconditionFailure("SharedProjection is abstract: \(type(of: self)) must override touch")
  }

  /// The root's key side, if it has a key.
  var persistence: AnySharedPersistence? {
    preconditionFailure("SharedProjection is abstract: \(type(of: self)) must override persistence")
  }

  /// Tells `body` the value now, then the value after each change of the root.
  func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    preconditionFailure("SharedProjection is abstract: \(type(of: self)) must override listen")
  }
}

/// A member of a shared value: `$syncUp.title`, `$syncUps[id: id]`.
final class MemberProjection<Root: Sendable, Value: Sendable>: SharedProjection<Value>,
  @unchecked Sendable
{
  let base: Shared<Root>.Reference
  /// A key path is immutable; `WritableKeyPath` only does not say it is `Sendable`.
  let keyPath: WritableKeyPath<Root, Value>

  init(_ base: Shared<Root>.Reference, _ keyPath: WritableKeyPath<Root, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  override var value: Value { base.value[keyPath: keyPath] }

  override func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { try operation(&$0[keyPath: keyPath]) }
  }

  override func record(changesWith recorder: SharedChangeRecorder) {
    base.record(changesWith: recorder)
  }

  override func touch() { base.touch() }

  override var persistence: AnySharedPersistence? { base.persistence }

  override func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    base.listen { [self] root in body(root[keyPath: keyPath]) }
  }
}

/// A shared optional, unwrapped: `Shared($syncUps[id: id])`. Once the value becomes `nil` (the
/// element was removed), the reference keeps a value of its own, starting from the last one
/// read or written through it: reads give it and changes change it, so that a screen still
/// showing the element never crashes and loses nothing, as in swift-sharing. When the base has
/// a value again, the reference follows it.
final class UnwrappedProjection<Value: Sendable>: SharedProjection<Value>, @unchecked Sendable {
  let base: Shared<Value?>.Reference
  private let last: LockIsolated<Value>

  init(_ base: Shared<Value?>.Reference, value: Value) {
    self.base = base
    self.last = LockIsolated(value)
  }

  override var value: Value {
    guard let value = base.value else { return last.value }
    last.withLock { $0 = value }
    return value
  }

  override func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { optional in
      guard optional != nil else {
        // Gone from the base: the change is kept here, for every holder of this reference. The
        // root's lock (held here) orders it; `last`'s own lock is not held while `operation`
        // runs, which may read this reference.
        var gone = last.value
        defer { last.withLock { $0 = gone } }
        return try operation(&gone)
      }
      // In place: `optional!` as an inout argument changes the value inside, with no copy.
      defer { last.withLock { $0 = optional! } }
      return try operation(&optional!)
    }
  }

  override func record(changesWith recorder: SharedChangeRecorder) {
    base.record(changesWith: recorder)
  }

  override func touch() { base.touch() }

  override var persistence: AnySharedPersistence? { base.persistence }

  override func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    // Once the element is gone, this reference reads (and changes) its own last value: that is
    // what it tells, as a read would.
    base.listen { [self] optional in
      guard let value = optional else { return body(last.value) }
      last.withLock { $0 = value }
      body(value)
    }
  }
}
