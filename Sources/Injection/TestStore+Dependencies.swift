extension TestStore {
  /// Creates a test store whose feature runs in the test context with some dependencies
  /// overridden, in its reducer and in every effect.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.continuousClock = clock
  /// }
  /// ```
  ///
  /// Dependencies without an override resolve to their `testValue`; one whose key has no test
  /// value fails the next assertion with a message that names it.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - update: Overrides dependencies, over the values in force where the store is created.
  public convenience init<R: Reducer>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies update: (inout DependencyValues) throws -> Void
  ) rethrows where R.State == State, R.Action == Action {
    var values = DependencyValues.current
    values.context = .test
    try update(&values)
    let scope = DependencyScope(values: values)
    // Built inside the overrides, so that properties resolved on creation (`@Injected`) see them.
    let feature = scope.withContext { reducer() }.context(scope)
    self.init(initialState: initialState) { feature }
  }
}
