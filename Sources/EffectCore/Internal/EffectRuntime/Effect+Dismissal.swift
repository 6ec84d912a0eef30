extension Effect {
  /// Marks the effects of a presented child (or a stack element) with the action that dismisses
  /// it, so that `DismissEffect` can send that action from inside them.
  @usableFromInline
  func dismissible(by dismissal: Action) -> Self {
    let action = UncheckedSendable(dismissal)
    return dismissible { send in
      EffectScope.Dismissal(isPresentation: true) { await send.deliver(boxed: action) }
    }
  }

  /// Marks every run effect that no nearer presentation marked yet with how to dismiss its
  /// feature, made from the effect's way back into the store when its task starts.
  ///
  /// Reducers lift a child's effects from the inside out, so the first presentation on the way
  /// up is the nearest one, and it keeps its mark: a `dismiss()` in a grandchild that a plain
  /// `ifLet` or `Scope` holds dismisses the presented child around it, as in TCA.
  ///
  /// The mark travels with the effect through every later lift (``map(_:)`` adapts it as it
  /// adapts the effect's `Send`), and the store turns it into a closure when the effect's task
  /// starts, bound with the task's `EffectScope`: no context, frame or task per effect.
  func dismissible(
    _ makeDismissal: @escaping @Sendable (Send<Action>) -> EffectScope.Dismissal
  ) -> Self {
    switch operation {
    case .none, .send, .cancel, .subscribe:
      return self
    case .run(var run):
      guard run.dismissal == nil else { return self }
      run.dismissal = makeDismissal
      return Self(operation: .run(run))
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.dismissible(makeDismissal) }))
    }
  }
}
