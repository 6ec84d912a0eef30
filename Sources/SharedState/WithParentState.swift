/// Shares a parent's ``ParentState`` value with the child reducers it hosts.
///
/// Build the reducers that should see the value inside the closure. Children in there that apply
/// `.sharedState(_:action:)` follow the value; those that don't are unaffected, and reducers
/// outside the closure never see it:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   WithParentState(\.$counter) {
///     Scope(state: \.child, action: /Action.child) { Child() }
///     Reduce { state, action in
///       if case .increment = action { state.counter += 1 }
///       return .none
///     }
///     .ifLet(\.detail, action: /Action.detail) { Detail() }
///   }
/// }
/// ```
///
/// For every action, `WithParentState` puts this parent's value in force around the hosted
/// reducers and every effect they return; children find it there, through `@ChildState`,
/// `.sharedState` and `@Dependency(\.parentState)`, without knowing who provides it. When the
/// action has changed the value, each child that observes it receives `.willChange(newValue)`,
/// in the order the children started observing, right after the current action. A change made
/// outside the closure (by a reducer after it, or by restoring a state) reaches the children on
/// the next action that `WithParentState` reduces.
///
/// The parent decides who sees what: wrap different children in different `WithParentState`s,
/// with different `@ParentState` properties of the same key, and each child sees its own. The
/// innermost parent sharing a key wins.
///
/// The value is scoped to the parent's state in its store: two stores, or two parents in a
/// `forEach`, each have their own.
public struct WithParentState<State, Action, Key: SharedStateKey, Content: Reducer>: Reducer
where Content.State == State, Content.Action == Action {
  @usableFromInline let toParentState: WritableKeyPath<State, ParentState<Key>>
  @usableFromInline let content: Content

  /// Shares a value with the reducers built in `content`.
  ///
  /// - Parameters:
  ///   - toParentState: The shared value's projection in the parent's state: `\.$counter`.
  ///   - content: The reducers that see the value, run in the order written.
  public init(
    _ toParentState: WritableKeyPath<State, ParentState<Key>>,
    @ReducerBuilder<State, Action> _ content: () -> Content
  ) {
    self.toParentState = toParentState
    self.content = content()
  }

  /// Runs the hosted reducers with the value in force, then tells observing children if it
  /// changed.
  ///
  /// Inlinable, so that the hosted reducers are called with their concrete types in the module
  /// that builds them.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // Read, not changed, once the channel is open: through a computed key path (`\.$counter`)
    // a change is a get and a set of the whole wrapper.
    let context =
      state[keyPath: toParentState].openScope() ?? state[keyPath: toParentState].enterScope()
    let effect = context.withContext { content.reduce(into: &state, action: action) }
    state[keyPath: toParentState].publish()
    return effect.withContext(context)
  }
}
