/// A reducer that changes nothing and returns no effects.
///
/// Useful as a placeholder and as the result of an empty builder block.
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates the empty reducer.
  @inlinable
  public init() {}

  /// Does nothing.
  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> {
    .none
  }
}
