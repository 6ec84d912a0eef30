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
  /// The key path is the one the binding was made with: the projection (`\.$stepCount`) for a
  /// ``Bound`` property set with `.set(\.$stepCount, …)`. This is the same test as
  /// `targets(_:)`.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - action: A binding action.
  /// - Returns: Whether `action` sets that property.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    action.keyPath == keyPath
  }
}
