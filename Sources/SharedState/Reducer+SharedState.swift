extension Reducer {
  /// Makes a child's ``ChildState`` follow the value its parent shares.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .sharedState(\.$counter, action: /Action.counter)
  /// ```
  ///
  /// On the child's first action inside a parent's ``WithParentState`` the child starts
  /// observing; if the parent's value already differs from the child's, the child receives
  /// `.willChange(value)` at once. After that it receives `.willChange(newValue)` each time the
  /// parent's value changes. This reducer runs first, so it sees the old value in the state and
  /// the new one in the action; then `.sharedState` stores the new value.
  ///
  /// Outside any parent (and without a value provided with `DependencyValues.sharedState(_:_:)`)
  /// the child keeps its value and receives nothing. Observing ends with the child: when an
  /// `ifLet` dismisses it, a `forEach` removes it, or its store is released. It is a
  /// subscription (`Effect.subscribe`), which a test store counts as an effect still running
  /// until the test cancels it: cancel the `TestStoreTask` of the child's first action, as
  /// TCA tests cancel a `.task` action's task.
  ///
  /// - Parameters:
  ///   - toChildState: The child's shared value: `\.$counter`.
  ///   - toSharedAction: The case of the child's actions that carries changes.
  /// - Returns: A reducer that runs this one and keeps the value in step with the parent.
  @inlinable
  public func sharedState<Key: SharedStateKey>(
    _ toChildState: WritableKeyPath<State, ChildState<Key>>,
    action toSharedAction: CasePath<Action, SharedStateAction<Key>>
  ) -> ChildStateReducer<Self, Key> {
    ChildStateReducer(base: self, toChildState: toChildState, toSharedAction: toSharedAction)
  }

  /// Lets a parent accept the values its children write through `@Dependency(\.parentState)`.
  ///
  /// ```swift
  /// WithParentState(\.$counter) {
  ///   Scope(state: \.child, action: /Action.child) { Child() }
  ///   Reduce { state, action in ... }
  ///     .sharedState(\.$counter, action: /Action.counter)
  /// }
  /// ```
  ///
  /// From the parent's first action on, a child's `parentState[CounterKey.self] = 100` reaches
  /// the parent as `.counter(.willChange(100))`: this reducer sees it first (the state still
  /// holds the old value), then `.sharedState` stores 100 in the ``ParentState``, and from there
  /// every participating child hears it. A write made before the parent listens waits for it.
  ///
  /// Once listening, the parent also hears the changes it makes itself, as ComposableSharedState's
  /// parent does: `state.counter += 1` comes back as `.counter(.willChange(5))` right after the
  /// action, when the state already holds 5. A child's write it accepted is heard once.
  /// Without this modifier, children's writes never change the parent: the parent stays in
  /// control.
  ///
  /// Apply it inside the parent's ``WithParentState``, so that the accepted value reaches the
  /// children in the same action.
  ///
  /// - Parameters:
  ///   - toParentState: The parent's shared value: `\.$counter`.
  ///   - toSharedAction: The case of the parent's actions that carries children's writes.
  /// - Returns: A reducer that runs this one and applies children's writes.
  @inlinable
  public func sharedState<Key: SharedStateKey>(
    _ toParentState: WritableKeyPath<State, ParentState<Key>>,
    action toSharedAction: CasePath<Action, SharedStateAction<Key>>
  ) -> ParentStateReducer<Self, Key> {
    ParentStateReducer(base: self, toParentState: toParentState, toSharedAction: toSharedAction)
  }
}
