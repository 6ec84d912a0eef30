@_spi(Contexts) import EffectCore

/// Runs an operation with some dependencies overridden.
///
/// Overrides nest: the operation sees the values in force outside, changed by `update`. A store
/// created inside keeps the overrides for every later action and effect, and so does an object
/// created inside: its `@Dependency` properties keep the values in force when they were made,
/// and ``withDependencies(from:operation:fileID:filePath:line:column:)`` hands them on to the
/// models it creates.
///
/// ```swift
/// let store = withDependencies {
///   $0.continuousClock = TestClock()
/// } operation: {
///   Store(initialState: Feature.State()) { Feature() }
/// }
/// ```
///
/// Setting part of a dependency in `update` (`$0.apiClient.fetch = { … }`) reads it first; that
/// read never counts as using it, so a key without a test value is not reported.
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
  var values = DependencyValues.inForce
  try DependencyIssue.$isWriting.withValue(true) { try update(&values) }
  let scope = DependencyScope(values: values)
  return try scope.withContext {
    let result = try InheritedContext.with(scope, operation: operation)
    DependencyObjects.remember(result, values: values)
    return result
  }
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
  var values = DependencyValues.inForce
  try await DependencyIssue.$isWriting.withValue(true) { try await update(&values) }
  let scope = DependencyScope(values: values)
  return try await DependencyValues.$_current.withValue(values) {
    let result = try await InheritedContext.with(scope, operation: operation)
    DependencyObjects.remember(result, values: values)
    return result
  }
}

/// Runs an operation with the dependencies of a parent model, then some changed: a child model
/// created inside gets the overrides its parent was created with, as in swift-dependencies.
///
/// ```swift
/// @MainActor @Observable final class ParentModel {
///   @ObservationIgnored @Dependency(\.apiClient) var apiClient
///   var child: ChildModel?
///   func showChildTapped() {
///     child = withDependencies(from: self) { ChildModel() }
///   }
/// }
/// ```
///
/// The parent's values are those its first `@Dependency` property captured, or, for a model
/// without one, those in force when it was returned by `withDependencies`. The values in force
/// here are laid over them, and `update` changes the result. A parent with neither is reported
/// as a test failure (a runtime warning in an app), and `operation` runs with the values in
/// force.
///
/// - Parameters:
///   - model: The parent model.
///   - update: Changes the values, after the parent's.
///   - operation: Creates the child model.
///   - fileID: Where this is called, for the report of a parent without dependencies.
///   - filePath: Where this is called, for the report of a parent without dependencies.
///   - line: Where this is called, for the report of a parent without dependencies.
///   - column: Where this is called, for the report of a parent without dependencies.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  guard let parent = DependencyObjects.values(of: model) else {
    DependencyObjects.reportNoValues(
      Model.self, fileID: fileID, filePath: filePath, line: line, column: column)
    return try operation()
  }
  return try withDependencies {
    $0 = parent.merging($0)
    try update(&$0)
  } operation: {
    try operation()
  }
}

/// Runs an operation with the dependencies of a parent model: see
/// ``withDependencies(from:_:operation:fileID:filePath:line:column:)``.
///
/// - Parameters:
///   - model: The parent model.
///   - operation: Creates the child model.
///   - fileID: Where this is called, for the report of a parent without dependencies.
///   - filePath: Where this is called, for the report of a parent without dependencies.
///   - line: Where this is called, for the report of a parent without dependencies.
///   - column: Where this is called, for the report of a parent without dependencies.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  operation: () throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> R {
  try withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Runs an asynchronous operation with the dependencies of a parent model, then some changed:
/// see ``withDependencies(from:_:operation:fileID:filePath:line:column:)``.
///
/// - Parameters:
///   - model: The parent model.
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - update: Changes the values, after the parent's.
///   - operation: Creates the child model.
///   - fileID: Where this is called, for the report of a parent without dependencies.
///   - filePath: Where this is called, for the report of a parent without dependencies.
///   - line: Where this is called, for the report of a parent without dependencies.
///   - column: Where this is called, for the report of a parent without dependencies.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  guard let parent = DependencyObjects.values(of: model) else {
    DependencyObjects.reportNoValues(
      Model.self, fileID: fileID, filePath: filePath, line: line, column: column)
    return try await operation()
  }
  return try await withDependencies {
    $0 = parent.merging($0)
    try await update(&$0)
  } operation: {
    try await operation()
  }
}

/// Runs an asynchronous operation with the dependencies of a parent model: see
/// ``withDependencies(from:_:operation:fileID:filePath:line:column:)``.
///
/// - Parameters:
///   - model: The parent model.
///   - isolation: The actor the operation runs on; the caller's, by default.
///   - operation: Creates the child model.
///   - fileID: Where this is called, for the report of a parent without dependencies.
///   - filePath: Where this is called, for the report of a parent without dependencies.
///   - line: Where this is called, for the report of a parent without dependencies.
///   - column: Where this is called, for the report of a parent without dependencies.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> R {
  try await withDependencies(
    from: model, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Sets dependencies for the rest of the process, at the app's entry point, as in
/// swift-dependencies:
///
/// ```swift
/// @main struct MyApp: App {
///   init() {
///     prepareDependencies {
///       $0.defaultDatabase = try! openAppDatabase()
///     }
///   }
/// }
/// ```
///
/// A value set here becomes the dependency's default in the current context, for everything that
/// runs afterwards: every task, every store, wherever it was created. Overrides made by
/// `withDependencies` still win over it. Each dependency can be prepared once, and only before
/// it was first used: setting one that was used or prepared already is reported (a test failure,
/// or a message on standard error in an app) and changes nothing, except in the preview context,
/// where a later preparation wins. Setting a dependency twice in one call is fine, and so is
/// reading one in the call to change part of it (`$0.date.now = …`).
///
/// In a Swift Testing test, what is prepared belongs to that test (and case) alone, as every
/// cached value does; under the `.dependencies` trait, to the test's fresh values.
///
/// - Parameter update: Sets the dependencies; what it returns is returned.
/// - Returns: What `update` returns.
@discardableResult
public func prepareDependencies<R>(_ update: (inout DependencyValues) throws -> R) rethrows -> R {
  var values = DependencyValues.inForce
  return try Preparation.$current.withValue(Preparation.next()) {
    try DependencyIssue.$isWriting.withValue(true) { try update(&values) }
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
  try body(EscapedDependencies(values: DependencyValues.inForce))
}

/// Captures the dependencies in force for an asynchronous body: see
/// ``withEscapedDependencies(_:)``.
///
/// - Parameters:
///   - isolation: The actor the body runs on; the caller's, by default.
///   - body: Receives the captured dependencies.
/// - Returns: What `body` returns.
@discardableResult
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (EscapedDependencies) async throws -> R
) async rethrows -> R {
  try await body(EscapedDependencies(values: DependencyValues.inForce))
}

/// Dependencies captured by ``withEscapedDependencies(_:)``.
public struct EscapedDependencies: Sendable {
  let values: DependencyValues

  /// Runs an operation with the captured dependencies in force.
  ///
  /// - Parameter operation: The work.
  /// - Returns: What `operation` returns.
  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$_current.withValue(values, operation: operation)
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
    try await DependencyValues.$_current.withValue(values, operation: operation)
  }
}

/// Puts a whole set of dependency values in force: what `withDependencies` gives stores created
/// inside it, and what a test store runs its feature in.
struct DependencyScope: ReducerContext {
  let values: DependencyValues

  /// `true`: it binds one task-local value, the same around reducers and effects.
  var bindsTaskLocalsOnly: Bool { true }

  func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$_current.withValue(values, operation: operation)
  }

  func withEffectContext(_ operation: () async -> Void) async {
    await DependencyValues.$_current.withValue(values, operation: operation)
  }
}
