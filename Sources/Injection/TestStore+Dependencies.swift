@_spi(Contexts) import EffectCore

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
  /// The initial state is built inside those dependencies too (it is an autoclosure, as in
  /// TCA), so a state whose initializer calls `uuid()` gets the overridden generator.
  ///
  /// Dependencies without an override resolve to their `testValue`; one whose key has no test
  /// value fails the next assertion with a message that names it. Change them later, between
  /// sends, through ``TestStore/dependencies``.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from, built inside the overridden dependencies.
  ///   - reducer: The feature's reducer.
  ///   - update: Overrides dependencies, over the values in force where the store is created.
  ///   - fileID: Where the store is made, for failures found when it goes away.
  ///   - filePath: Where the store is made, for failures found when it goes away.
  ///   - line: Where the store is made, for failures found when it goes away.
  ///   - column: Where the store is made, for failures found when it goes away.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () throws -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies update: (inout DependencyValues) throws -> Void,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows where R.State == State, R.Action == Action {
    var values = DependencyValues.inForce
    values.context = .test
    try DependencyIssue.$isWriting.withValue(true) { try update(&values) }
    let scope = DependencyScope(values: values)
    // Built inside the overrides, as in TCA: a state whose initializer reads a dependency
    // (`@Dependency(\.uuid)`) and properties resolved on creation (`@Injected`) see them.
    let initialState = try scope.withContext { try initialState() }
    let feature = scope.withContext { reducer() }
    self.init(
      initialState: initialState, reducer: { feature }, fileID: fileID, file: filePath,
      line: line, column: column)
    self[context: DependencyScope.self] = scope
  }

  /// The dependencies the feature runs with, in the test context: read them, or change them
  /// between sends.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// store.dependencies.continuousClock = clock
  /// try await store.send(.startTimer) { $0.isTimerRunning = true }
  /// ```
  ///
  /// A change reaches every later action, every effect started after it, and the store's
  /// assertion closures; effects already running keep the values they started with. Until a
  /// store's dependencies are set (here or with `TestStore(…, withDependencies:)`), they are the
  /// values in force where they are read, in the test context.
  public var dependencies: DependencyValues {
    get {
      if let scope = self[context: DependencyScope.self] { return scope.values }
      var values = DependencyValues.inForce
      values.context = .test
      return values
    }
    set {
      self[context: DependencyScope.self] = DependencyScope(values: newValue)
    }
  }
}
