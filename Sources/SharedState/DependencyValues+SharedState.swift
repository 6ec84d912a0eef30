extension DependencyValues {
  /// The values shared by the parents in force; see ``ParentStateValues``.
  ///
  /// ```swift
  /// @Dependency(\.parentState) var parentState
  /// parentState[CounterKey.self]          // read
  /// parentState[CounterKey.self] = 100    // ask the parent for a new value
  /// ```
  public var parentState: ParentStateValues {
    ParentStateValues(scope: ParentScope.current, dependencies: self)
  }

  /// Provides a shared value where no parent shares it: for a child running on its own in a
  /// test or a preview.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Child.State()) {
  ///   Child()
  /// } withDependencies: {
  ///   $0.sharedState(CounterKey.self, 100)
  /// }
  /// ```
  ///
  /// The value stands in for a parent: children read it through `@ChildState` (a child state
  /// created where it is in force starts from it; one created elsewhere hears it as
  /// `.willChange(100)` on its first action) and through `parentState`, and a child's write
  /// changes it at once and reaches every child that takes part. A real parent's
  /// ``WithParentState`` around the child takes precedence.
  ///
  /// Each call makes a stand-in of its own: stores created with different overrides never share
  /// it.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - value: The value children see.
  public mutating func sharedState<Key: SharedStateKey>(_ key: Key.Type, _ value: Key.Value) {
    self[StandInParentsKey.self] = ParentScope(
      ParentChannel<Key>(value: value, isStandIn: true), parent: self[StandInParentsKey.self])
  }
}

extension DependencyValues {
  /// The stand-in parents provided with `sharedState(_:_:)`, innermost first.
  var standInParents: ParentScope? { self[StandInParentsKey.self] }
}

/// The stand-in parents provided with `sharedState(_:_:)`; none by default.
private enum StandInParentsKey: DependencyKey {
  static let liveValue: ParentScope? = nil
  static let testValue: ParentScope? = nil
}
