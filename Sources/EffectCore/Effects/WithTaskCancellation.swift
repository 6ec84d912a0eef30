/// Runs an operation that the effect's store can cancel by id, from inside a running effect.
///
/// The id answers to `.cancel(id:)` and `Task.cancel(id:)` exactly as if the effect had been made
/// `.cancellable(id:)` by the reducer that returned it: scoped to the effect's own root store,
/// to the child scopes its reducers put it in, and, with EffectIdentifier, to its namespaces.
///
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try await clock.sleep(for: .milliseconds(300))
///     await send(.searchResponse(try await api.search(query)))
///   }
/// }
/// ```
///
/// Outside an effect there is no store to cancel from: the operation just runs.
///
/// - Parameters:
///   - id: Any hashable, sendable value.
///   - cancelInFlight: Whether to cancel operations and effects already running with this id
///     first.
///   - operation: The work.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws, and only that (the function `rethrows`, as TCA's does:
///   `let x = await withTaskCancellation(id: ID.search) { 42 }` needs no `try`). When its store is
///   gone, the operation runs already cancelled.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws -> T
) async rethrows -> T {
  guard let scope = EffectScope.current else { return try await operation() }
  let handle = EffectHandle(ids: [scope.cancelID(id)], isNested: true)
  let isAccepted = scope.registry.insert(handle, cancelInFlight: cancelInFlight)
  defer { if isAccepted { scope.registry.remove(handle) } }
  // A task of its own, so that cancelling the id stops this operation and not the effect around
  // it; it inherits the effect's task-local values and priority.
  let task = ClockActivity.makeDelegate(operation)
  // A store that is gone runs nothing more: the operation starts cancelled.
  guard isAccepted else {
    task.cancel()
    return try await task.result._rethrowGet()
  }
  handle.attach(onCancel: { task.cancel() })
  let result = await withTaskCancellationHandler {
    await task.result
  } onCancel: {
    task.cancel()
  }
  return try result._rethrowGet()
}

/// Gives back what an operation returned or threw from a function that `rethrows` it, when the
/// operation ran in a task of its own: its result's error can only be one the operation threw,
/// so a caller whose operation cannot throw never sees one.
@rethrows
private protocol RethrowingResult {
  associatedtype Success
  func get() throws -> Success
}

extension RethrowingResult {
  func _rethrowGet() rethrows -> Success {
    try get()
  }
}

extension Result: RethrowingResult {}

extension Task where Success == Never, Failure == Never {
  /// Cancels the effects and operations running with an id, from inside a running effect: what
  /// `Effect.cancel(id:)` does when a reducer returns it.
  ///
  /// Scoped like ``withTaskCancellation(id:cancelInFlight:operation:)``: it reaches only the
  /// effect's own store, and ids inside the same child scopes and namespaces. Outside an effect
  /// it does nothing.
  ///
  /// ```swift
  /// return .run { send in
  ///   Task.cancel(id: CancelID.timer)
  ///   await send(.timerStopped)
  /// }
  /// ```
  ///
  /// - Parameter id: The id given to `.cancellable(id:)` or `withTaskCancellation(id:)`.
  public static func cancel(id: some Hashable & Sendable) {
    guard let scope = EffectScope.current else { return }
    scope.registry.cancel(id: scope.cancelID(id))
  }
}
