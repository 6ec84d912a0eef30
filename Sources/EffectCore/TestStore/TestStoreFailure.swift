/// Why a ``TestStore`` assertion failed: what differed, and which call failed.
///
/// A test store reports every failure at the call that failed: the `send`, `receive` or
/// `finish` line of the test, or, for an effect still running when the store goes away, the
/// `send` that started it.
///
/// - In a Swift Testing test, the failure is an issue at that source location. The assertion
///   then throws the error that Swift Testing's `#require` throws, which Swift Testing does not
///   record a second time: the test stops there, with one issue. Expect failures with
///   `withKnownIssue`.
/// - In an XCTest test case, the failure is recorded at that file and line, the way
///   `XCTUnwrap` records one, and the assertion throws `XCTUnwrap`'s error, which XCTest does not
///   record again.
/// - With a ``reporter`` bound, or with neither library running, the assertion throws this
///   error, whose ``description`` says where it happened:
///
/// ```
/// CounterTests.swift:14: A state change does not match expectation after sending .increment:
///
///   Counter.State(
/// -   count: 2
/// +   count: 1
///   )
///
/// (Expected: -, Actual: +)
/// ```
///
/// EffectCore links neither library: it finds their entry points at run time.
public struct TestStoreFailure: Error, CustomStringConvertible, Sendable {
  /// How a failure counts.
  public enum Severity: Equatable, Sendable {
    /// The test fails.
    case error
    /// The failure only shows: an assertion that a non-exhaustive store skipped, reported because
    /// its exhaustivity is `.off(showSkippedAssertions: true)`. Swift Testing shows it as a
    /// warning; XCTest, which has none, prints it.
    case warning
  }

  /// What went wrong, with a line diff where one helps.
  public let message: String

  /// Whether the failure fails the test.
  public let severity: Severity

  let site: CallSite

  /// The file of the failing call, as `#fileID` gives it.
  public var fileID: String { "\(site.fileID)" }

  /// The file of the failing call, as `#filePath` gives it.
  public var filePath: String { "\(site.filePath)" }

  /// The line of the failing call.
  public var line: UInt { site.line }

  /// The column of the failing call.
  public var column: UInt { site.column }

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - severity: Whether it fails the test.
  ///   - fileID: The file of the failing call.
  ///   - filePath: The file of the failing call.
  ///   - line: The line of the failing call.
  ///   - column: The column of the failing call.
  public init(
    _ message: String,
    severity: Severity = .error,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      message, severity: severity,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  init(_ message: String, severity: Severity = .error, at site: CallSite) {
    self.message = message
    self.severity = severity
    self.site = site
  }

  /// `File.swift:12: message`.
  public var description: String {
    "\(site.description): \(message)"
  }

  /// Receives every test store failure reported in the current task, in place of the testing
  /// libraries: for tests of helpers built on ``TestStore``, which check what fails and where.
  ///
  /// ```swift
  /// let failures = LockIsolated<[TestStoreFailure]>([])
  /// try await TestStoreFailure.$reporter.withValue({ f in failures.withLock { $0.append(f) } }) {
  ///   try await store.send(.increment) { $0.count = 2 }   // throws this failure, reported once
  /// }
  /// ```
  ///
  /// While a reporter is bound, failing assertions throw the `TestStoreFailure` itself.
  @TaskLocal public static var reporter: (@Sendable (TestStoreFailure) -> Void)?

  /// Runs `body` with a ``reporter`` that collects the failures it reports, and returns them:
  /// to check what a test store, or a helper built on one, reports and where.
  ///
  /// ```swift
  /// let failures = try await TestStoreFailure.collect {
  ///   try await store.send(.increment) { $0.count = 2 }
  /// }
  /// #expect(failures.map(\.line) == [12])
  /// ```
  ///
  /// A `TestStoreFailure` that `body` throws ends it, and is among those returned; any other
  /// error is rethrown.
  ///
  /// - Parameters:
  ///   - isolation: The actor `body` runs on; the caller's, by default.
  ///   - body: The work that reports failures.
  /// - Returns: The failures reported while `body` ran, warnings included, in order.
  public static func collect(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
  ) async rethrows -> [TestStoreFailure] {
    let failures = LockIsolated<[TestStoreFailure]>([])
    do {
      let collect: @Sendable (TestStoreFailure) -> Void = { failure in
        failures.withLock { $0.append(failure) }
      }
      try await $reporter.withValue(collect, operation: body)
    } catch is TestStoreFailure {
      // Reported already: it is among the collected ones.
    } catch {
      throw error
    }
    return failures.value
  }

  /// Reports the failure where failures go (the ``reporter``, the running Swift Testing test or
  /// XCTest case) and returns the error to throw: what test helpers built on ``TestStore`` do
  /// when they fail.
  ///
  /// ```swift
  /// guard let step = history.popUndo() else {
  ///   throw TestStoreFailure("There is nothing to undo.", fileID: fileID, filePath: filePath,
  ///     line: line, column: column).report()
  /// }
  /// ```
  ///
  /// A ``Severity/warning`` is reported the same way and does not fail the test; do not throw
  /// what it returns.
  ///
  /// - Returns: The error to throw: one that the testing library that recorded the failure does
  ///   not record a second time, or this failure when none did.
  public func report() -> any Error {
    if let reporter = Self.reporter {
      reporter(self)
      return self
    }
    switch severity {
    case .error:
      return TestFrameworks.recordFailureToThrow(message, at: site)?.error ?? self
    case .warning:
      if !TestFrameworks.recordWarning(message, at: site) {
        StandardError.write("\(site.description): warning: \(message)\n")
      }
      return self
    }
  }

  /// Reports the failure where failures go, for a caller that does not throw (a store that goes
  /// away, a non-throwing skip).
  func record() {
    if let reporter = Self.reporter { return reporter(self) }
    switch severity {
    case .error:
      if TestFrameworks.recordFailure(message, at: site) == nil {
        StandardError.write("\(site.description): error: \(message)\n")
      }
    case .warning:
      _ = report()
    }
  }
}
