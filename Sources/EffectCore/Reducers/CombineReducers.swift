/// Groups reducers into one, run in the order written, so a modifier can apply to all of them.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.profile, action: /Action.profile) { Profile() }
///   Reduce { state, action in .none }
/// }
/// .printChanges()
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline
  let reducers: Reducers

  /// Combines the reducers of a builder block.
  ///
  /// - Parameter build: The reducers, run in order.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the combined reducers.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
