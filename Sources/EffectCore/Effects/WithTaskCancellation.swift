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
/// - Throws: What `operation` throws; `CancellationError` when it is cancelled before it
///   starts.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  guard let scope = EffectScope.current else { return try await operation() }
  let handle = EffectHandle(ids: [scope.cancelID(id)], isNested: true)
  guard scope.registry.insert(handle, cancelInFlight: cancelInFlight) else {
    throw CancellationError()
  }
  defer { scope.registry.remove(handle) }
  // A task of its own, so that cancelling the id stops this operation and not the effect around
  // it; it inherits the effect's task-local values and priority.
  let task = ClockActivity.makeDelegate(operation)
  handle.attach(onCancel: { task.cancel() })
  return try await withTaskCancellationHandler {
    try await task.value
  } onCancel: {
    task.cancel()
  }
}

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
