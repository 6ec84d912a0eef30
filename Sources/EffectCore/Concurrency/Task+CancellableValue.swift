extension Task where Failure == Never {
  /// The task's value, waited for in a way that cancels the task when the waiting task is
  /// cancelled: `value` alone leaves an unstructured task running. As swift-concurrency-extras'.
  ///
  /// ```swift
  /// let answer = await Task { await compute() }.cancellableValue
  /// ```
  public var cancellableValue: Success {
    get async {
      await withTaskCancellationHandler {
        await value
      } onCancel: {
        cancel()
      }
    }
  }
}

extension Task where Failure == any Error {
  /// The task's value or error, waited for in a way that cancels the task when the waiting task
  /// is cancelled.
  public var cancellableValue: Success {
    get async throws {
      try await withTaskCancellationHandler {
        try await value
      } onCancel: {
        cancel()
      }
    }
  }
}
