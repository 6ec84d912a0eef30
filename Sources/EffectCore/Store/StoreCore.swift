/// What a ``Store`` reads and sends through: the root store's engine, or a view onto it.
@MainActor
protocol StoreCore<State, Action>: AnyObject, Sendable {
  associatedtype State
  associatedtype Action

  /// The current state. Reading it tells observation nothing: a store reports what its views
  /// read through its ``observation`` node.
  var state: State { get }
  /// Runs `body` on the state in place where the engine holds it (see the default, which copies).
  func withStateInPlace<Result>(_ body: (inout State) -> Result) -> Result
  /// The node of the values views read through this core, and of its child stores' links.
  var observation: ObservationNode<State> { get }
  /// Whether this store's child, or that of a store it is scoped from, went away or was replaced
  /// (see ``ChildStoreEngine``): what it sends is ignored, and reported once, by the store
  /// whose child it was.
  var isGone: Bool { get }
  /// Reads a member of the state for a view: observation tracking learns that it was read, and
  /// the core compares it after each batch.
  func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value
  func send(_ action: Action) -> StoreTask
  /// Changes the state outside any reducer; `false` when this core cannot write its state.
  func restore(_ change: (inout State) -> Void) -> Bool
  /// Calls `observer` after every batch of actions; returns a token for ``removeObserver(_:)``.
  func addObserver(_ observer: @escaping @MainActor () -> Void) -> Int
  func removeObserver(_ token: Int)
  /// Calls `receive` with this core's state after every batch of actions, and `end` once when
  /// the root store's engine goes away, without keeping any store alive.
  ///
  /// - Returns: Stops the observation (call it on the main actor); `end` is not called then.
  func observeStates(
    _ receive: @escaping @MainActor (State) -> Void, end: @escaping @Sendable () -> Void
  ) -> @MainActor () -> Void
}

extension StoreCore {
  func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    observation.read(keyPath, in: state)
  }

  /// Runs `body` on the state without copying it where the engine holds it (a root's), on a copy
  /// elsewhere. `body` only reads: it gets the state `inout` so that a root lends its own, and it
  /// must not touch the store. Child stores read their part of a large state this way: a copy of
  /// the state retains every reference in it, and releases them after.
  func withStateInPlace<Result>(_ body: (inout State) -> Result) -> Result {
    var state = self.state
    return body(&state)
  }
}

/// A scoped store's engine: a view onto its parent through a key path. Reading goes through the
/// key path, sending embeds through the case path; nothing is copied or cached.
///
/// What is its own: its child is always there, so it has no lifetime of its own (no
/// ``ChildStoreEngine``): it is gone when the store it is scoped from is (``isGone``), and that
/// store ignores and reports what it sends then.
@MainActor
final class ScopedCore<Parent: StoreCore, State, Action>: StoreCore {
  let parent: Parent
  let toState: KeyPath<Parent.State, State>
  let toAction: CasePath<Parent.Action, Action>
  let observation: ObservationNode<State>

  init(
    parent: Parent, toState: KeyPath<Parent.State, State>,
    toAction: CasePath<Parent.Action, Action>
  ) {
    self.parent = parent
    self.toState = toState
    self.toAction = toAction
    let parentNode = parent.observation
    self.observation = ObservationNode(context: parentNode.context)
    parentNode.link(KeyPathLink(child: observation, keyPath: toState))
  }

  var state: State { parent.state[keyPath: toState] }

  var isGone: Bool { parent.isGone }

  func send(_ action: Action) -> StoreTask { parent.send(toAction.embed(action)) }

  func restore(_ change: (inout State) -> Void) -> Bool {
    // `scope` takes read-only key paths, but a writable one written as a literal stays writable.
    guard let writable = toState as? WritableKeyPath<Parent.State, State> else { return false }
    return parent.restore { change(&$0[keyPath: writable]) }
  }

  func addObserver(_ observer: @escaping @MainActor () -> Void) -> Int {
    parent.addObserver(observer)
  }

  func removeObserver(_ token: Int) { parent.removeObserver(token) }

  func observeStates(
    _ receive: @escaping @MainActor (State) -> Void, end: @escaping @Sendable () -> Void
  ) -> @MainActor () -> Void {
    // Only the key path: a stream of a scoped store's states must not keep this view (or its
    // root) alive, and works after the scoped `Store` itself is gone.
    let toState = toState
    return parent.observeStates({ receive($0[keyPath: toState]) }, end: end)
  }
}

/// Hands a key-path child store's node its part of each new state, while the node lives.
@MainActor
final class KeyPathLink<Parent, Child>: StateLink {
  private weak var child: ObservationNode<Child>?
  private let keyPath: KeyPath<Parent, Child>

  init(child: ObservationNode<Child>, keyPath: KeyPath<Parent, Child>) {
    self.child = child
    self.keyPath = keyPath
  }

  func update(_ state: Parent) -> Bool {
    guard let child else { return false }
    child.update(state[keyPath: keyPath])
    return true
  }
}
