/// A failure that code under test reports without throwing: a dependency used in a test without
/// a test value, an unimplemented endpoint that was called.
///
/// While a ``TestStore`` runs a feature, issues reported from its reducer, from every effect it
/// starts and from its assertion closures are collected, and the test store's next assertion
/// fails with them, at its own line. Elsewhere they are recorded in the running Swift Testing test
/// or XCTest case.
///
/// ```swift
/// static var testValue: APIClient {
///   APIClient { _ in
///     TestIssue.report("APIClient.fetch is not implemented in this test.")
///     return []
///   }
/// }
/// ```
public enum TestIssue {
  /// Receives reported issues; `TestStore` sets it around the features it runs.
  @TaskLocal public static var handler: (@Sendable (String) -> Void)?

  /// Reports an issue as a failure of the test that runs the code, as swift-dependencies'
  /// `reportIssue` does: to the test store running it (see ``handler``), else to the running
  /// Swift Testing test (where `withKnownIssue` can expect it), else to the running XCTest case;
  /// with no test running, it is shown as a runtime warning. The caller goes on.
  ///
  /// ```swift
  /// static let unimplemented = APIClient { _ in
  ///   TestIssue.report("APIClient.fetch is not implemented in this test.")
  ///   return []
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - message: What went wrong, where, and how to fix it.
  ///   - fileID: Where it went wrong.
  ///   - filePath: Where it went wrong.
  ///   - line: Where it went wrong.
  ///   - column: Where it went wrong.
  /// - Returns: Whether the issue surely reached a test: a test store or a Swift Testing test.
  @discardableResult
  public static func report(
    _ message: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    if record(message, fileID: fileID, filePath: filePath, line: line, column: column) {
      return true
    }
    RuntimeWarning.report(message)
    return false
  }

  /// Hands an issue to the handler in force, if any: the library's own mistakes that are runtime
  /// warnings outside a test store.
  ///
  /// - Returns: Whether a handler received it.
  @_spi(Contexts)
  public static func handOver(_ message: String) -> Bool {
    guard let handler else { return false }
    handler(message)
    return true
  }

  /// Reports an issue as a failure of the test that runs the code: to the test store running
  /// it (see ``handler``), else to the running Swift Testing test (an issue at the given
  /// location, which `withKnownIssue` can expect), else to the running XCTest case (with
  /// `XCTFail`). The caller goes on.
  ///
  /// - Parameters:
  ///   - message: What went wrong, where, and how to fix it.
  ///   - fileID: Where it went wrong.
  ///   - filePath: Where it went wrong.
  ///   - line: Where it went wrong.
  ///   - column: Where it went wrong.
  /// - Returns: Whether the issue surely reached a test: a test store or a Swift Testing test.
  ///   XCTest keeps a failure only inside one of its test cases and cannot tell; when this is
  ///   `false`, say it where it is seen too (standard error).
  @discardableResult
  public static func record(
    _ message: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    if handOver(message) { return true }
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return TestFrameworks.recordFailure(message, at: site) == .swiftTesting
  }
}

/// Collects the issues reported while a test store's feature runs.
final class TestIssueCollector: Sendable {
  private let issues = LockIsolated<[String]>([])

  func record(_ message: String) { issues.withLock { $0.append(message) } }

  /// Returns and forgets what was collected.
  func drain() -> [String] {
    issues.withLock { issues in
      defer { issues = [] }
      return issues
    }
  }
}

/// Puts a test store's issue collector in force around its reducer and effects.
struct TestIssueContext: ReducerContext {
  let collector: TestIssueCollector

  /// `true`: it binds one task-local value, the same around reducers and effects.
  var bindsTaskLocalsOnly: Bool { true }

  func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try TestIssue.$handler.withValue({ [collector] in collector.record($0) }, operation: operation)
  }

  func withEffectContext(_ operation: () async -> Void) async {
    await TestIssue.$handler.withValue(
      { [collector] in collector.record($0) }, operation: operation)
  }
}

/// Reports an issue as a failure of the test that runs the code: swift-dependencies' and TCA's
/// `reportIssue`, here ``TestIssue/report(_:fileID:filePath:line:column:)``.
///
/// ```swift
/// guard let user = state.user else {
///   reportIssue("'saveTapped' was sent with no user signed in.")
///   return .none
/// }
/// ```
///
/// - Parameters:
///   - message: What went wrong, where, and how to fix it.
///   - fileID: Where it went wrong.
///   - filePath: Where it went wrong.
///   - line: Where it went wrong.
///   - column: Where it went wrong.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let message = message()
  TestIssue.report(
    message.isEmpty ? "Issue reported" : message, fileID: fileID, filePath: filePath, line: line,
    column: column)
}
