/// The observed values of one store, and the links to its child stores.
///
/// A store's node remembers each value a view read through it (a member such as `store.title`,
/// or something a child scope needs, such as whether the child is there), with the value as it
/// was. After each batch of actions the root hands every node its new state: a node compares
/// each remembered value and notes the ones that changed, then passes the state on to its
/// links, which hand each child store its own state. Links prune: a list passes a new state only
/// to the rows its edits touched (see ``EditJournal``).
@MainActor
final class ObservationNode<State> {
  let context: ObservationContext
  // Kept as existentials of protocols that do not name `State`: this class is generic and not
  // specialised, and an array of `any ObservedValue<State>` looked that existential's metadata
  // up in the runtime (a constrained existential, made under a lock) on every batch.
  private var values: [any ErasedObservedValue] = []
  private var members: [AnyKeyPath: Int] = [:]
  private var derived: [ObservedKey: Int] = [:]
  private var links: [any ErasedStateLink] = []

  init(context: ObservationContext) {
    self.context = context
  }

  /// Reads a member of `state` for a view: observation tracking learns that it was read, and the
  /// node remembers it to compare after each batch.
  func read<Value>(_ keyPath: KeyPath<State, Value>, in state: State) -> Value {
    let value = state[keyPath: keyPath]
    if let index = members[keyPath] {
      withUnsafePointer(to: state) { values[index].arm(erased: UnsafeRawPointer($0)) }
      context.access(values[index].key)
    } else {
      let observed = MemberValue(key: context.makeKey(), keyPath: keyPath, value: value)
      members[keyPath] = values.count
      values.append(observed)
      context.access(observed.key)
    }
    return value
  }

  /// Tells observation tracking that a derived value was read: `compute` makes it from a state
  /// (the ids of a list, whether a child is there), and the node compares it after each batch.
  func access<Value: Equatable>(
    _ key: ObservedKey, in state: State, compute: @escaping (State) -> Value
  ) {
    if let index = derived[key] {
      withUnsafePointer(to: state) { values[index].arm(erased: UnsafeRawPointer($0)) }
      context.access(values[index].key)
    } else {
      let observed = DerivedValue(key: context.makeKey(), compute: compute, value: compute(state))
      derived[key] = values.count
      values.append(observed)
      context.access(observed.key)
    }
  }

  /// Adds a link to a child store's node.
  func link(_ link: any StateLink<State>) {
    links.append(link)
  }

  /// Compares what views read with `state`, the state after a batch, and passes it on to the
  /// child stores.
  func update(_ state: State) {
    // The links and values take the state by address: it is not copied for each.
    withUnsafePointer(to: state) { typed in
      let state = UnsafeRawPointer(typed)
      for value in values where value.hasChanged(erased: state) {
        context.noteChange(value.key)
      }
      // Links end rarely, and this runs after every batch (each tick of every timer): removing
      // in place only when one ended costs nothing when none did, where `removeAll(where:)`
      // walked and partitioned the links every time.
      var index = 0
      while index < links.count {
        if links[index].update(erased: state) {
          index += 1
        } else {
          links.remove(at: index)
        }
      }
    }
  }
}

/// Names a derived value of a store: what it is (``Kind``) and the scope it belongs to.
struct ObservedKey: Hashable {
  enum Kind: Hashable {
    /// Whether an optional or enum child is there.
    case presence
    /// The ids of a list's or a stack's elements, in order.
    case ids
  }

  let kind: Kind
  let scope: ScopeKey
}

/// A value a node compares after each batch, while it is *armed*.
///
/// Observation tells an observer once: after that, the observer is gone until it reads again
/// (SwiftUI re-renders, `withObservationTracking` is called again). So a value that changed
/// disarms, dropping what it remembered, and the next read arms it again with the value it
/// reads. A value read outside any view (a test, a command-line tool) costs a comparison until
/// it first changes, and nothing after.
@MainActor
protocol ObservedValue<State>: ErasedObservedValue {
  associatedtype State
  /// The value's name for observation tracking.
  var key: KeyPath<ObservedSubject, Int> { get }
  /// Whether the value in `state` differs from the one seen when armed (always, for a value
  /// that is not `Equatable`); a value that changed disarms. `false` while disarmed.
  func hasChanged(in state: State) -> Bool
  /// Remembers the value in `state`, unless armed already.
  func arm(in state: State)
}

/// A member of a store's state that a view read.
///
/// It remembers the member's value to compare with; for an identified array, only its stamp
/// (see ``EditStamped``): a copy kept here would make every edit of the array in place copy its
/// storage. Such a member counts as changed when it was edited, even back to an equal value.
@MainActor
final class MemberValue<State, Value>: ObservedValue {
  private enum Seen {
    case value(Value)
    case stamp(UInt64)
  }

  let key: KeyPath<ObservedSubject, Int>
  let keyPath: KeyPath<State, Value>
  /// What was read, while armed.
  private var seen: Seen?
  private let isEqual: ((Value, Value) -> Bool)?
  private let isStamped: Bool

  init(key: KeyPath<ObservedSubject, Int>, keyPath: KeyPath<State, Value>, value: Value) {
    self.key = key
    self.keyPath = keyPath
    self.isStamped = value is any EditStamped
    self.isEqual = isStamped ? nil : equality(of: Value.self)
    remember(value)
  }

  func arm(in state: State) {
    if seen == nil { remember(state[keyPath: keyPath]) }
  }

  private func remember(_ value: Value) {
    seen = isStamped ? .stamp((value as! any EditStamped).editStamp) : .value(value)
  }

  func hasChanged(in state: State) -> Bool {
    guard let seen else { return false }
    let new = state[keyPath: keyPath]
    let changed: Bool
    switch seen {
    case .stamp(let stamp): changed = (new as! any EditStamped).editStamp != stamp
    case .value(let value): changed = isEqual.map { !$0(value, new) } ?? true
    }
    if changed { self.seen = nil }
    return changed
  }
}

/// A value made from a store's state, such as the ids of a list.
@MainActor
final class DerivedValue<State, Value: Equatable>: ObservedValue {
  let key: KeyPath<ObservedSubject, Int>
  private let compute: (State) -> Value
  /// What was read, while armed.
  private var value: Value?

  init(key: KeyPath<ObservedSubject, Int>, compute: @escaping (State) -> Value, value: Value) {
    self.key = key
    self.compute = compute
    self.value = value
  }

  func arm(in state: State) {
    if value == nil { value = compute(state) }
  }

  func hasChanged(in state: State) -> Bool {
    guard let value else { return false }
    guard compute(state) != value else { return false }
    self.value = nil
    return true
  }
}

/// A link from a store's node to a child store: it hands the child its part of each new state.
@MainActor
protocol StateLink<State>: ErasedStateLink {
  associatedtype State
  /// Passes the parent's new state on; `false` when the link is no longer needed (its child
  /// store is gone, or its child state went away).
  func update(_ state: State) -> Bool
}

/// `==` for a type that is `Equatable`, `nil` for one that is not: the comparison is found once,
/// when a value is first observed.
func equality<Value>(of type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return equality(equatable, as: type)
}

private func equality<Known: Equatable, Value>(
  _: Known.Type, as _: Value.Type
) -> (Value, Value) -> Bool {
  // `Value` is `Known`: the casts only tell the compiler so, and the runtime takes its fast
  // path for a cast to the same type.
  { lhs, rhs in (lhs as! Known) == (rhs as! Known) }
}

/// An ``ObservedValue`` as its node keeps it: the state is given by address, and is the value's
/// `State`.
@MainActor
protocol ErasedObservedValue: AnyObject {
  var key: KeyPath<ObservedSubject, Int> { get }
  func hasChanged(erased state: UnsafeRawPointer) -> Bool
  func arm(erased state: UnsafeRawPointer)
}

extension ObservedValue {
  func hasChanged(erased state: UnsafeRawPointer) -> Bool {
    hasChanged(in: state.assumingMemoryBound(to: State.self).pointee)
  }

  func arm(erased state: UnsafeRawPointer) {
    arm(in: state.assumingMemoryBound(to: State.self).pointee)
  }
}

/// A ``StateLink`` as its node keeps it: the state is given by address, and is the link's `State`.
@MainActor
protocol ErasedStateLink: AnyObject {
  func update(erased state: UnsafeRawPointer) -> Bool
}

extension StateLink {
  func update(erased state: UnsafeRawPointer) -> Bool {
    update(state.assumingMemoryBound(to: State.self).pointee)
  }
}
