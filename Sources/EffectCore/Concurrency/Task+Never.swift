extension Task where Success == Never, Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`.
  ///
  /// For an effect that must stay alive until something ends it, for instance to keep a
  /// subscription or a resource open while a feature is on screen:
  ///
  /// ```swift
  /// return .run { _ in
  ///   let connection = socket.open()
  ///   defer { connection.close() }
  ///   try await Task.never()
  /// }
  /// .cancellable(id: CancelID.connection)
  /// ```
  ///
  /// It holds no thread and no timer while it waits. In an already cancelled task it throws at
  /// once. As in swift-concurrency-extras it returns `Void`, so code may follow it; where a
  /// value is expected, the overload on `Task` with any `Success` gives one.
  ///
  /// - Throws: `CancellationError`, once the task is cancelled.
  public static func never() async throws {
    await NeverWaiter.untilCancelled()
    throw _Concurrency.CancellationError()
  }
}

extension Task where Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`; typed as any
  /// value, for where one is expected:
  ///
  /// ```swift
  /// let fact: String = try await Task.never()          // an endpoint that never answers
  /// let count = (try? await Task.never()) ?? 0         // 0 once cancelled
  /// ```
  ///
  /// - Returns: Never returns.
  /// - Throws: `CancellationError`, once the task is cancelled.
  public static func never() async throws -> Success {
    await NeverWaiter.untilCancelled()
    throw _Concurrency.CancellationError()
  }
}

/// The continuation `Task.never()` waits on, resumed by the first cancellation.
private final class NeverWaiter: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, Never>?
    var isCancelled = false
  }

  private let state = LockIsolated(State())

  /// Returns once the current task is cancelled, at once if it already is.
  static func untilCancelled() async {
    let waiter = NeverWaiter()
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiter.wait($0) }
    } onCancel: {
      waiter.cancel()
    }
  }

  func wait(_ continuation: CheckedContinuation<Void, Never>) {
    // The cancellation handler may have run before the continuation existed.
    let resumeNow = state.withLock { state in
      if state.isCancelled { return true }
      state.continuation = continuation
      return false
    }
    if resumeNow { continuation.resume() }
  }

  func cancel() {
    let continuation = state.withLock { state in
      state.isCancelled = true
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume()
  }
}
