import Synchronization

/// Learns which `@Bound` property a key path writes, so that a binding action's two spellings of
/// one property, `\.name` and `\.$name`, are one name.
///
/// Key paths through a property wrapper cannot be compared: `\.name` goes through the wrapped
/// property's accessors and `\.$name` through the projection's, two different components. Both
/// write the same wrapper, though. So each is run once on a copy of a state, and the wrapper tells
/// where it sits in that state (``Bound`` notes its address while a probe runs). Two key paths
/// that write the same wrapper as a whole (its value, or the wrapper itself) name one property.
/// What a key path names is kept for the life of the process: a type's layout does not change.
enum BoundWrites {
  /// Whether a probe is running: read on every write of a `@Bound` property.
  private static let probing = Atomic<Bool>(false)
  /// The wrappers written while a probe runs: their address and their value's type.
  private static let written = LockIsolated<[(address: UInt, value: ObjectIdentifier)]>([])
  /// The names learned so far, by key path; its lock runs one probe at a time.
  private static let names = LockIsolated<[AnyKeyPath: Int?]>([:])

  /// Whether a probe is running: one atomic load on every write of a `@Bound` property.
  static var isProbing: Bool { probing.load(ordering: .relaxed) }

  /// Notes that a wrapper of `Value` at `address` was written.
  static func note<Value>(_ address: UnsafeRawPointer, _: Value.Type) {
    written.withLock {
      $0.append((UInt(bitPattern: address), ObjectIdentifier(Value.self)))
    }
  }

  /// The name of the `@Bound` property that `keyPath` sets as a whole (its offset in `Root`), or
  /// `nil` when it sets none: a plain property, or a part of a wrapped value.
  ///
  /// - Parameters:
  ///   - keyPath: The key path, to learn its name once.
  ///   - valueType: The type `keyPath` sets: the wrapped value's, or the wrapper's.
  ///   - root: A state to probe a copy of.
  ///   - write: Writes through `keyPath`.
  static func name<Root>(
    of keyPath: AnyKeyPath, setting valueType: Any.Type, in root: Root,
    write: (inout Root) -> Void
  ) -> Int? {
    names.withLock { names in
      if let known = names[keyPath] { return known }
      var copy = root
      probing.store(true, ordering: .relaxed)
      let found = withUnsafeMutablePointer(to: &copy) { pointer -> Int? in
        write(&pointer.pointee)
        let start = UInt(bitPattern: pointer)
        let end = start + UInt(MemoryLayout<Root>.size)
        // Other threads' wrappers are elsewhere in memory; the outermost write comes first.
        guard
          let first = written.withLock({ writes in
            writes.first { $0.address >= start && $0.address < end }
          }),
          wholeValue(valueType, of: first.value)
        else { return nil }
        return Int(first.address - start)
      }
      probing.store(false, ordering: .relaxed)
      written.withLock { $0.removeAll() }
      names[keyPath] = .some(found)
      return found
    }
  }

  /// Whether a key path setting `type` sets the whole of a wrapper whose value is `value`.
  private static func wholeValue(_ type: Any.Type, of value: ObjectIdentifier) -> Bool {
    if ObjectIdentifier(type) == value { return true }
    guard let wrapper = type as? any BoundProtocol.Type else { return false }
    return ObjectIdentifier(wrapper.valueType) == value
  }
}

/// Tells a ``Bound`` wrapper type's value type.
protocol BoundProtocol {
  static var valueType: Any.Type { get }
}

extension Bound: BoundProtocol {
  static var valueType: Any.Type { Value.self }
}

/// The state a binding action was sent to, kept to learn what its key paths name (see
/// ``BoundWrites``), and whether a ``ReduceBindings`` applied it: the store that sends a view's
/// binding and ``ReduceBindings`` attach the state.
final class BindingRoot<Root>: @unchecked Sendable {
  // Written under the lock; the state is read only to probe a copy of it.
  private struct Seen {
    var root: Root?
    var isApplied = false
    /// Set by a store that sent the action for a view: reports that no reducer applied it.
    var reportUnapplied: (@Sendable () -> Void)?
  }

  private let seen = LockIsolated(UncheckedSendable(Seen()))

  /// The state, if one was attached.
  var state: Root? { seen.withLock { $0.value.root } }

  /// Keeps `state` unless a state is kept already.
  func attach(_ state: Root) {
    seen.withLock { if $0.value.root == nil { $0.value.root = state } }
  }

  /// Notes that ``ReduceBindings`` applied the action to `state`.
  func applied(to state: Root) {
    seen.withLock {
      if $0.value.root == nil { $0.value.root = state }
      $0.value.isApplied = true
    }
  }

  /// Calls `report` when the action goes away without a ``ReduceBindings`` having applied it.
  func reportingUnapplied(_ report: @escaping @Sendable () -> Void) {
    seen.withLock { $0.value.reportUnapplied = report }
  }

  deinit {
    let seen = seen.withLock { $0.value }
    if !seen.isApplied { seen.reportUnapplied?() }
  }
}
