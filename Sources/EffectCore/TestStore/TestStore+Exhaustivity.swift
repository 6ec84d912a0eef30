extension TestStore {
  /// How strictly a ``TestStore`` checks.
  public enum Exhaustivity: Equatable, Sendable {
    /// Every state change, received action and running effect must be asserted.
    case on
    /// Only what the test asserts is checked: unasserted state changes pass, unreceived
    /// actions are skipped, effects still running at `finish()` are cancelled.
    ///
    /// With `showSkippedAssertions`, what the store skips is reported, without failing the
    /// test: Swift Testing shows each as a warning at the call that skipped it (TCA shows them
    /// as expected failures), XCTest runs print them. Turn it on to see what a non-exhaustive
    /// test leaves out.
    case off(showSkippedAssertions: Bool)

    /// Only what the test asserts is checked, and skipped assertions are not shown: the same
    /// as `.off(showSkippedAssertions: false)`.
    public static var off: Self { .off(showSkippedAssertions: false) }
  }

  /// Runs part of a test with another exhaustivity, then restores the store's.
  ///
  /// ```swift
  /// try await store.withExhaustivity(.off) {
  ///   try await store.send(.refresh)          // its effects' actions are not asserted
  /// }
  /// try await store.send(.clear) { $0.items = [] }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: The exhaustivity in force inside `operation`.
  ///   - operation: The part of the test.
  /// - Returns: What `operation` returns.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// Runs a synchronous part of a test with another exhaustivity, then restores the store's.
  ///
  /// - Parameters:
  ///   - exhaustivity: The exhaustivity in force inside `operation`.
  ///   - operation: The part of the test.
  /// - Returns: What `operation` returns.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }

  /// Whether the store asserts everything.
  var isExhaustive: Bool { exhaustivity == .on }

  /// Whether skipped assertions are reported: in exhaustive stores, what the test skips on
  /// purpose (`skipReceivedActions`, `skipInFlightEffects`) shows, as in TCA.
  var showsSkippedAssertions: Bool {
    switch exhaustivity {
    case .on: true
    case .off(let showSkippedAssertions): showSkippedAssertions
    }
  }
}
