extension Result {
  /// Runs an asynchronous throwing closure and captures its outcome: the value it returns as
  /// `.success`, the error it throws as `.failure`.
  ///
  /// The asynchronous twin of the standard library's `Result(catching:)`, for effects that turn a
  /// request into an action:
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.response(Result { try await apiClient.fetch(id) }))
  /// }
  /// ```
  ///
  /// The closure runs in the caller's isolation, so it need not be `Sendable`. Cancellation is
  /// not special: a closure that throws `CancellationError` gives `.failure(CancellationError())`.
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor; leave the default.
  ///   - body: The work whose outcome to capture.
  public init(
    isolation: isolated (any Actor)? = #isolation,
    catching body: () async throws(Failure) -> Success
  ) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
