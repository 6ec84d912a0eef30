@_spi(Contexts) import EffectCore

extension DependencyValues {
  /// Starts work that the caller does not wait for: logging, analytics, a save that may finish
  /// later.
  ///
  /// ```swift
  /// @Dependency(\.fireAndForget) var fireAndForget
  ///
  /// func deleteTapped() async {
  ///   await fireAndForget {
  ///     try await analytics.track("deleted")
  ///   }
  /// }
  /// ```
  ///
  /// Live: the work runs in a new task and the call returns at once. Test: the call waits until
  /// the work has finished, so the test sees its outcome deterministically; an error it throws
  /// is reported as a test failure. Either way the work keeps the dependencies in force, and
  /// cancelling the caller does not cancel it.
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}

/// Runs work without tying it to the caller's lifetime: the ``DependencyValues/fireAndForget``
/// dependency.
public struct FireAndForget: Sendable {
  /// Runs the work: given its name, its priority and the work itself.
  public let operation:
    @Sendable (String?, TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void

  /// A fire-and-forget that runs work with `operation`.
  ///
  /// - Parameter operation: Runs the work: given its name, its priority and the work itself.
  public init(
    _ operation:
      @escaping @Sendable (
        String?, TaskPriority?, @escaping @Sendable () async throws -> Void
      ) async -> Void
  ) {
    self.operation = operation
  }

  /// Runs `work` apart from the caller.
  ///
  /// - Parameters:
  ///   - name: The task's name, for debugging.
  ///   - priority: The task's priority.
  ///   - work: The work.
  public func callAsFunction(
    name: String? = nil,
    priority: TaskPriority? = nil,
    @_inheritActorContext _ work: @escaping @Sendable () async throws -> Void
  ) async {
    await operation(name, priority, work)
  }
}

private enum FireAndForgetKey: DependencyKey {
  static let liveValue = FireAndForget { name, priority, work in
    Task(name: name, priority: priority) { try await work() }
  }

  static let testValue = FireAndForget { name, priority, work in
    // A task of its own, as live, so that cancelling the caller does not cancel it; awaited.
    await Task(name: name, priority: priority) {
      do {
        try await work()
      } catch {
        DependencyIssue.report("fireAndForget's work threw an error: \(error)")
      }
    }.value
  }
}
