/// A read-only view derived from a ``SharedReader``: a member read through a key path, or an
/// optional unwrapped. A class to subclass, as ``SharedProjection``.
class SharedReaderProjection<Value: Sendable>: @unchecked Sendable {
  // `@unchecked`: subclasses hold only `Sendable` values, immutable key paths, and state behind
  // a lock.

  var value: Value {
    preconditionFailure("SharedReaderProjection is abstract: \(type(of: self)) must override value")
  }

  var persistence: AnySharedPersistence? {
    preconditionFailure(
      "SharedReaderProjection is abstract: \(type(of: self)) must override persistence")
  }

  func record(changesWith recorder: SharedChangeRecorder) {
    preconditionFailure(
      "SharedReaderProjection is abstract: \(type(of: self)) must override record")
  }

  /// Tells `body` the value now, then the value after each change of the root.
  func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    preconditionFailure(
      "SharedReaderProjection is abstract: \(type(of: self)) must override listen")
  }
}

/// A member of a read value: `$user.id`.
final class MemberReaderProjection<Root: Sendable, Value: Sendable>: SharedReaderProjection<Value>,
  @unchecked Sendable
{
  let base: SharedReader<Root>
  /// A key path is immutable; `KeyPath` only does not say it is `Sendable`.
  let keyPath: KeyPath<Root, Value>

  init(_ base: SharedReader<Root>, _ keyPath: KeyPath<Root, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  override var value: Value { base.wrappedValue[keyPath: keyPath] }
  override var persistence: AnySharedPersistence? { base.persistence }
  override func record(changesWith recorder: SharedChangeRecorder) {
    base.record(changesWith: recorder)
  }
  override func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    base.listen { [self] root in body(root[keyPath: keyPath]) }
  }
}

/// A read optional, unwrapped: the last value read once the base becomes `nil`.
final class UnwrappedReaderProjection<Value: Sendable>: SharedReaderProjection<Value>,
  @unchecked Sendable
{
  let base: SharedReader<Value?>
  private let last: LockIsolated<Value>

  init(_ base: SharedReader<Value?>, value: Value) {
    self.base = base
    self.last = LockIsolated(value)
  }

  override var value: Value {
    guard let value = base.wrappedValue else { return last.value }
    last.withLock { $0 = value }
    return value
  }

  override var persistence: AnySharedPersistence? { base.persistence }
  override func record(changesWith recorder: SharedChangeRecorder) {
    base.record(changesWith: recorder)
  }
  override func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    base.listen { [self] optional in
      guard let value = optional else { return body(last.value) }
      last.withLock { $0 = value }
      body(value)
    }
  }
}

/// What a closure makes of a read value: `$count.read { $0 == 0 }`.
final class ClosureReaderProjection<Root: Sendable, Value: Sendable>:
  SharedReaderProjection<Value>, @unchecked Sendable
{
  let base: SharedReader<Root>
  let body: @Sendable (Root) -> Value

  init(_ base: SharedReader<Root>, _ body: @escaping @Sendable (Root) -> Value) {
    self.base = base
    self.body = body
  }

  override var value: Value { body(base.wrappedValue) }
  override var persistence: AnySharedPersistence? { base.persistence }
  override func record(changesWith recorder: SharedChangeRecorder) {
    base.record(changesWith: recorder)
  }
  override func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    base.listen { [self] root in body(self.body(root)) }
  }
}
