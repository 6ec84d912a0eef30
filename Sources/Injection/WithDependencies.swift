/// Runs an operation with some dependencies overridden.
///
/// Overrides nest: the operation sees the values in force outside, changed by `update`. A store
/// created inside keeps the overrides for every later action and effect.
///
/// ```swift
/// let store = withDependencies {
///   $0.continuousClock = TestClock()
/// } operation: {
///   Store(initialState: Feature.State()) { Feature() }
/// }
/// ```
///
/// - Parameters:
///   - update: Changes the values in force.
///   - operation: The work to run with the changed values.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  let scope = DependencyScope(values: values)
  return try scope.withContext { try InheritedContext.with(scope, operation: operation) }
}

/// Runs an asynchronous operation with some dependencies overridden.
///
/// - Parameters:
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - update: Changes the values in force.
///   - operation: The work to run with the changed values.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try await update(&values)
  let scope = DependencyScope(values: values)
  return try await DependencyValues.$current.withValue(values) {
    try await InheritedContext.with(scope, operation: operation)
  }
}

/// Captures the dependencies in force, to restore them in an escaping closure that runs
/// elsewhere (a callback, a `Task.detached`, another thread):
///
/// ```swift
/// withEscapedDependencies { dependencies in
///   Task.detached {
///     dependencies.yield {
///       @Dependency(\.apiClient) var apiClient   // the values in force at the capture
///     }
///   }
/// }
/// ```
///
/// - Parameter body: Receives the captured dependencies.
/// - Returns: What `body` returns.
@discardableResult
public func withEscapedDependencies<R>(_ body: (EscapedDependencies) throws -> R) rethrows -> R {
  try body(EscapedDependencies(values: DependencyValues.current))
}

/// Dependencies captured by ``withEscapedDependencies(_:)``.
public struct EscapedDependencies: Sendable {
  let values: DependencyValues

  /// Runs an operation with the captured dependencies in force.
  ///
  /// - Parameter operation: The work.
  /// - Returns: What `operation` returns.
  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$current.withValue(values, operation: operation)
  }

  /// Runs an asynchronous operation with the captured dependencies in force.
  ///
  /// - Parameters:
  ///   - isolation: The actor the operation runs on; the caller's, by default.
  ///   - operation: The work.
  /// - Returns: What `operation` returns.
  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await DependencyValues.$current.withValue(values, operation: operation)
  }
}

/// Puts a whole set of dependency values in force: what `withDependencies` gives stores created
/// inside it, and what a test store runs its feature in.
struct DependencyScope: ReducerContext {
  let values: DependencyValues

  /// `true`: it binds one task-local value, the same around reducers and effects.
  var bindsTaskLocalsOnly: Bool { true }

  func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$current.withValue(values, operation: operation)
  }

  func withEffectContext(_ operation: () async -> Void) async {
    await DependencyValues.$current.withValue(values, operation: operation)
  }
}
