extension BindingActions {
  /// The binding action that sets a property, as TCA's `BindableAction.set`: `.set(\.name,
  /// "Blob")` is `.binding(.set(\.name, "Blob"))`.
  ///
  /// ```swift
  /// try await store.send(.set(\.name, "Blob")) { $0.name = "Blob" }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - value: The new value.
  /// - Returns: The action that carries the binding action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }

  /// The binding action that sets a `@Bound` property through its projection: `.set(\.$name,
  /// "Blob")` is `.binding(.set(\.$name, "Blob"))`.
  ///
  /// - Parameters:
  ///   - keyPath: The property's projected value, as in `\.$name`.
  ///   - value: The new value.
  /// - Returns: The action that carries the binding action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Bound<Value>>,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
