extension BindingAction {
  /// Matches a binding action by the property it sets, so that a reducer can switch on it as in
  /// TCA: `case .binding(\.$stepCount):`.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .binding(\.$stepCount):
  ///     state.sliderValue = .minimum(state.sliderValue, Double(state.stepCount))
  ///     return .none
  ///   case .binding:
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// A ``Bound`` property matches in either spelling: `\.$stepCount` matches what
  /// `store.stepCount = 3` sends (`.set(\.stepCount, 3)`), and `\.stepCount` matches
  /// `.set(\.$stepCount, 3)`, once the action has reached a store (``ReduceBindings`` runs first,
  /// as TCA's `BindingReducer`). This is the same test as `targets(_:)`.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - action: A binding action.
  /// - Returns: Whether `action` sets that property.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    action.sets(keyPath)
  }
}
