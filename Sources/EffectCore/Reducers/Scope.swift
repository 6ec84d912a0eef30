/// Runs a child reducer on a part of the parent's state, for the parent's actions that carry a
/// child action.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.counter, action: /Action.counter) { Counter() }
///   Reduce { state, action in .none }
/// }
/// ```
///
/// The child's effects are mapped back into parent actions. Their cancellation ids stay the
/// parent's to use: the parent may cancel a scoped child's effect by the child's id.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: StatePath<ParentState, Child.State>
  @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes a child reducer.
  ///
  /// - Parameters:
  ///   - toChildState: The child's state inside the parent's.
  ///   - toChildAction: The case of the parent's actions that carries child actions.
  ///   - child: The child reducer.
  @inlinable @inline(__always)
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = StatePath(toChildState)
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Runs the child for child actions; ignores every other action.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect = toChildState.modify(&state) { child.reduce(into: &$0, action: childAction) }
    if effect.isNone { return .none }
    return lift(effect)
  }

  @usableFromInline
  func lift(_ effect: Effect<Child.Action>) -> Effect<ParentAction> {
    let toChildAction = self.toChildAction
    return effect.lifted(
      { toChildAction.embed($0) }, under: [toChildState.tag], scopingUserIDs: false)
  }
}
