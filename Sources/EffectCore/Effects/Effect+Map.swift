extension Effect {
  /// Transforms every action the effect sends.
  ///
  /// Parents use this to lift a child's effects into their own action type:
  ///
  /// ```swift
  /// Counter().reduce(into: &state.counter, action: action).map { Parent.Action.counter($0) }
  /// ```
  ///
  /// - Parameter transform: Turns the effect's actions into the new action type.
  /// - Returns: An effect that sends the transformed actions, with the same cancellation ids.
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    mapping(transform, isEmbedding: false)
  }

  /// ``map(_:)``; with `isEmbedding`, for the library's own lifts (a case path's embedding into a
  /// parent action), which read no context, so that an effect only they transform delivers its
  /// actions without entering its contexts (see ``Send/transforming(inside:)``).
  func mapping<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction, isEmbedding: Bool
  ) -> Effect<NewAction> {
    switch operation {
    case .none: .none
    case .send(let action): .send(transform(action))
    case .run(let run):
      Effect<NewAction>(operation: .run(run.map(transform, isEmbedding: isEmbedding)))
    case .subscribe(let subscription):
      Effect<NewAction>(
        operation: .subscribe(subscription.map(transform, isEmbedding: isEmbedding)))
    case .cancel(let id): Effect<NewAction>(operation: .cancel(id))
    case .merge(let effects):
      Effect<NewAction>(
        operation: .merge(effects.map { $0.mapping(transform, isEmbedding: isEmbedding) }))
    }
  }
}
