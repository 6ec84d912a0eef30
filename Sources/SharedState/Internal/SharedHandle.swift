import Synchronization

/// What a ``Shared`` and its copies hold: the reference they read and change, which assigning
/// the projected value replaces for all of them at once.
///
/// The reference is read on every access, and replaced rarely if ever: it is read without a
/// lock until the first rebinding, and with one after.
@usableFromInline
final class SharedHandle<Value: Sendable>: Sendable {
  @usableFromInline let initial: Shared<Value>.Reference
  @usableFromInline let isRebound = Atomic<Bool>(false)
  private let rebound = LockIsolated<Shared<Value>.Reference?>(nil)

  init(_ reference: Shared<Value>.Reference) {
    self.initial = reference
  }

  @inlinable var reference: Shared<Value>.Reference {
    if _fastPath(!isRebound.load(ordering: .acquiring)) { return initial }
    return reboundReference
  }

  @usableFromInline var reboundReference: Shared<Value>.Reference {
    rebound.value ?? initial
  }

  /// The value, as every holder sees it. Read through `initial` in place while nothing was
  /// rebound: a copy of the reference (what ``reference`` returns) costs a retain and a release
  /// on every read.
  @inlinable var value: Value {
    if _fastPath(!isRebound.load(ordering: .acquiring)) { return initial.value }
    return reboundReference.value
  }

  /// Changes the value, as one step of the root value (see ``value`` for why not through
  /// ``reference``).
  @inlinable func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    if _fastPath(!isRebound.load(ordering: .acquiring)) { return try initial.withLock(operation) }
    return try reboundReference.withLock(operation)
  }

  func rebind(to reference: Shared<Value>.Reference) {
    rebound.withLock { $0 = reference }
    isRebound.store(true, ordering: .releasing)
  }
}

extension Shared.Reference {
  /// The value, as every holder sees it.
  @inlinable var value: Value {
    switch self {
    case .root(let box): box.value
    case .derived(let projection): projection.value
    }
  }

  /// Changes the value, as one step of the root value.
  @inlinable func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    switch self {
    case .root(let box): try box.withLock(operation)
    case .derived(let projection): try projection.withLock(operation)
    }
  }

  /// Starts telling `recorder` about changes of the root value.
  func record(changesWith recorder: SharedChangeRecorder) {
    switch self {
    case .root(let box): box.record(changesWith: recorder)
    case .derived(let projection): projection.record(changesWith: recorder)
    }
  }

  /// Tells observers of the root value that it changed.
  func touch() {
    switch self {
    case .root(let box): box.touch()
    case .derived(let projection): projection.touch()
    }
  }

  /// The root value's key side, if it has a key; reading it observes the root value.
  var persistence: AnySharedPersistence? {
    switch self {
    case .root(let box):
      box.observed.access()
      return box.persistence
    case .derived(let projection):
      return projection.persistence
    }
  }

  /// Whether both are the same root box.
  func isSameRoot(as other: Self) -> Bool {
    guard case .root(let left) = self, case .root(let right) = other else { return false }
    return left === right
  }
}
