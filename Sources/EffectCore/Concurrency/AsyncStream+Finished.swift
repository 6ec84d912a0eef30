extension AsyncStream {
  /// A stream that has already finished: iterating it ends at once.
  ///
  /// For a dependency's test value that must produce nothing, as in swift-concurrency-extras:
  ///
  /// ```swift
  /// static let testValue = Self(events: { .finished })
  /// ```
  public static var finished: Self {
    Self { $0.finish() }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream that has already finished, with an error or without one.
  ///
  /// ```swift
  /// AsyncThrowingStream<Int, any Error>.finished()                        // ends at once
  /// AsyncThrowingStream<Int, any Error>.finished(throwing: URLError(.notConnectedToInternet))
  /// ```
  ///
  /// - Parameter error: What iterating the stream throws; `nil` to end it without an error.
  /// - Returns: The finished stream.
  public static func finished(throwing error: Failure? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }
}
