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
/// A store lives on the main actor and is `Observable`: reading ``state`` inside
/// `withObservationTracking` (or a SwiftUI view) tracks it, and observers hear once per batch of
/// actions. Actions sent while the store is reducing (by observers, or `.send` effects) are
/// queued and reduced in order, never recursively.
///
/// Releasing the last reference to a store (and to every store scoped from it) cancels all of
/// its running effects.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action>: Observable {
  let core: any StoreCore<State, Action>

  init(core: any StoreCore<State, Action>) {
    self.core = core
  }

  /// A root store whose reducer is called through `reduce`: see the public initializer.
  @usableFromInline
  convenience init<R: Reducer>(
    initialState: State, reducer: R,
    reduce: @escaping (R, inout State, Action) -> Effect<Action>
  ) where R.State == State, R.Action == Action {
    self.init(core: RootCore(initialState: initialState, reducer: reducer, reduce: reduce))
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
    self.init(
      initialState: initialState, reducer: reducer(),
      reduce: { $0.reduce(into: &$1, action: $2) })
  }

  /// The current state.
  public var state: State { core.state }

  /// Reads a property of the state: `store.count` is `store.state.count`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    core.state[keyPath: keyPath]
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
  ///   not writable.
  @discardableResult
  public func restoreState(_ change: (inout State) -> Void) -> Bool {
    core.restore(change)
  }

  /// A store for a child feature: a view onto this store's state and actions.
  ///
  /// ```swift
  /// let counter = store.scope(state: \.counter, action: /App.Action.counter)
  /// counter.send(.increment)   // sends .counter(.increment) to the parent
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The child's state inside this store's state.
  ///   - toChildAction: The case of this store's actions that carries the child's actions.
  /// - Returns: A store whose state and actions are the child's.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(core: scopedCore(core, toChildState, toChildAction))
  }

  private func scopedCore<Parent: StoreCore, ChildState, ChildAction>(
    _ parent: Parent,
    _ toChildState: KeyPath<State, ChildState>,
    _ toChildAction: CasePath<Action, ChildAction>
  ) -> any StoreCore<ChildState, ChildAction> where Parent.State == State, Parent.Action == Action {
    ScopedCore(parent: parent, toState: toChildState, toAction: toChildAction)
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
  /// `Store` is gone. Cancelling the iterating task also ends the loop.
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
