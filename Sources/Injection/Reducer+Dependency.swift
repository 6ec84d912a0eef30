extension Reducer {
  /// Overrides a dependency for this reducer and every effect it returns, including effects
  /// that start much later and effects that effects start.
  ///
  /// ```swift
  /// Feature().dependency(\.continuousClock, ImmediateClock())
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on ``DependencyValues``.
  ///   - value: The value to use.
  /// - Returns: A reducer that runs this one with the override in force.
  public consuming func dependency<Value: Sendable>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> ContextReducer<Self, DependencyOverride> {
    context(DependencyOverride(replacing: true) { $0[keyPath: keyPath] = value })
  }

  /// Changes a dependency, from the value in force outside, for this reducer and every effect
  /// it returns.
  ///
  /// ```swift
  /// Feature().transformDependency(\.apiClient) { client in client.logging() }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on ``DependencyValues``.
  ///   - transform: Changes the value in force.
  /// - Returns: A reducer that runs this one with the changed value in force.
  public consuming func transformDependency<Value: Sendable>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> ContextReducer<Self, DependencyOverride> {
    context(DependencyOverride(replacing: false) { transform(&$0[keyPath: keyPath]) })
  }
}

/// A change to the dependencies in force, made by `Reducer.dependency(_:_:)` and
/// `Reducer.transformDependency(_:transform:)`; applied over whatever is in force outside.
public struct DependencyOverride: ReducerContext {
  let update: @Sendable (inout DependencyValues) -> Void
  /// Whether `update` only replaces a value, so that the read Swift's key path write makes
  /// first does not count as using the dependency. A transform does use it.
  let isReplacing: Bool

  init(replacing: Bool, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.update = update
    self.isReplacing = replacing
  }

  /// `true`: it binds the updated dependency values, the same around reducers and effects.
  public var bindsTaskLocalsOnly: Bool { true }

  /// Runs `operation` with the change in force.
  public func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$_current.withValue(updated(), operation: operation)
  }

  /// Runs an effect's `operation` with the change in force.
  public func withEffectContext(_ operation: () async -> Void) async {
    await DependencyValues.$_current.withValue(updated(), operation: operation)
  }

  private func updated() -> DependencyValues {
    var values = DependencyValues.inForce
    DependencyIssue.$isWriting.withValue(isReplacing) { update(&values) }
    return values
  }
}
