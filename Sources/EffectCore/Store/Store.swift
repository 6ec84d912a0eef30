import Observation

/// Runs a feature: holds its state, reduces the actions sent to it, and runs their effects.
///
/// ```swift
/// @MainActor
/// let store = Store(initialState: Counter.State()) { Counter() }
/// store.send(.increment)
/// store.count                            // 1, through dynamic member lookup
/// await store.send(.delayedIncrement).finish()
/// ```
///
/// A store lives on the main actor and is `Observable`, member by member: a view (or
/// `withObservationTracking`) that read `store.title` is told when the title changes, not when
/// another member changes or an action changes nothing (see "Observation" in
/// Docs/EffectCore.md). Child stores for lists, optional and enum children, presented features
/// and stacks come from the `scope` methods, and views bind to state through
/// ``BindingActions``. Actions sent while the store is reducing (by observers, or `.send`
/// effects) are queued and reduced in order, never recursively.
///
/// Releasing the last reference to a store (and to every store scoped from it) cancels all of
/// its running effects.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action>: Observable {
  let core: any StoreCore<State, Action>
  /// The child stores and lists scoped from this one, kept so that a scope gives the same store
  /// for as long as its child lives.
  var children: [ScopeKey: AnyObject] = [:]
  /// Whether this store came from a scope that cannot keep its store (a case path made of
  /// closures), or from a store that did. That scope was reported; the warnings about what is
  /// not integrated below it (a presented child's `ifLet`, a stack's `forEach`) are not given
  /// again for the same chain of scopes: one warning per mistake, as TCA gives for such a store.
  var isUncached = false

  init(core: any StoreCore<State, Action>) {
    self.core = core
  }

  /// A root store whose reducer is called through `reduce`: see the public initializer.
  @usableFromInline
  convenience init(
    initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>
  ) {
    self.init(core: RootCore(initialState: initialState, reduce: reduce))
  }

  /// Creates a store.
  ///
  /// A store created inside ``InheritedContext/with(_:operation:)-(_,()->R)`` (for instance in
  /// Injection's `withDependencies`) keeps that context for every later action and effect.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) where R.State == State, R.Action == Action {
    // The reducer is called through a function made here, where `R` is known: the whole tree
    // of reducers, generic features included, is then specialised in the module that makes
    // the store, instead of running generic code that looks up type metadata on every action.
    let reducer = reducer()
    self.init(initialState: initialState) { reducer.reduce(into: &$0, action: $1) }
  }

  /// The current state.
  ///
  /// A view that reads the whole state is told whenever it changes (when `State` is
  /// `Equatable`; otherwise after every batch of actions). Read members instead
  /// (`store.title`) to be told only of those.
  public var state: State { read(\.self) }

  /// Reads a property of the state: `store.count` is `store.state.count`.
  ///
  /// Observation tracking sees this member alone: a view that read `store.count` is told when
  /// `count` changes, and not when anything else does. A member that is not `Equatable` counts
  /// as changed after every batch of actions that reaches this store.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    read(keyPath)
  }

  /// Calls `body` with the current state, without observation tracking seeing the read: for
  /// code outside views (tests, tools, logging), as TCA's `withState`.
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// let snapshot = store.withState { $0 }
  /// ```
  ///
  /// Reading through ``state`` or a member instead makes the store remember what was read, to
  /// tell a view when it changes; a large value read that way is copied once before it changes.
  ///
  /// - Parameter body: Reads the state.
  /// - Returns: What `body` returns.
  public func withState<Result>(_ body: (_ state: State) throws -> Result) rethrows -> Result {
    try body(core.state)
  }

  /// Reads a member of the state for a view: tracked by observation, compared after each batch.
  func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    core.read(keyPath)
  }

  /// Sends an action: reduces it at once, then starts its effects.
  ///
  /// - Parameter action: The action.
  /// - Returns: The effects the action started, to await or cancel.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    core.send(action)
  }

  /// Changes the state directly, outside any reducer, for tools that bring back an earlier
  /// state: undo, time travel, reloading a document.
  ///
  /// No reducer runs and no effect starts; observers hear the change like a batch of actions.
  /// Features should change their state through actions; this is for the few tools that sit
  /// outside every feature.
  ///
  /// ```swift
  /// store.restoreState { $0 = savedState }
  /// ```
  ///
  /// - Parameter change: Changes the state in place.
  /// - Returns: `false` (and nothing changes) when this is a scoped store whose state key path is
  ///   not writable, or a child store whose child is gone or was replaced by another, or when it
  ///   is called from inside the store's own reducer (with a runtime warning: a reducer changes
  ///   its state itself).
  @discardableResult
  public func restoreState(_ change: (inout State) -> Void) -> Bool {
    core.restore(change)
  }
}

extension Store where State: Sendable {
  /// The store's states over time: the current state first, then one state per batch of
  /// actions. The stream finishes when the store goes away.
  ///
  /// ```swift
  /// for await state in store.states {
  ///   render(state)
  /// }
  /// // Here the store was released (or the task cancelled).
  /// ```
  ///
  /// The stream does not keep the store alive: when the last reference to the root store goes
  /// (it and every store scoped from it), its effects are cancelled and every `states` loop ends
  /// after the states it already yielded. A loop that should keep its store running holds the
  /// store itself. A scoped store's stream lives as long as its root, even when the scoped
  /// `Store` is gone; a child store's yields nothing more once its child is gone or replaced by
  /// another, as the store reads and sends no more. Cancelling the iterating task also ends the
  /// loop.
  public var states: AsyncStream<State> {
    let core = self.core
    return AsyncStream { continuation in
      continuation.yield(core.state)
      let stop = core.observeStates({ continuation.yield($0) }, end: { continuation.finish() })
      continuation.onTermination = { _ in
        Task { @MainActor in stop() }
      }
    }
  }
}

extension Store: @MainActor Identifiable where State: Identifiable {
  /// The state's id: a row store's id is its row's. Tracked like any member: it does not change
  /// while the row lives, so reading it tells a view nothing new.
  public var id: State.ID { read(\.id) }
}
