/// A failure that code under test reports without throwing: a dependency used in a test without
/// a test value, an unimplemented endpoint that was called.
///
/// While a ``TestStore`` runs a feature, issues reported from its reducer and from every effect
/// it starts are collected and thrown by the test store's next assertion, as a
/// ``TestStoreFailure``. Elsewhere they go to the handler in force, if any.
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

  /// Reports an issue to the handler in force.
  ///
  /// - Parameter message: What went wrong, where, and how to fix it.
  /// - Returns: Whether a handler received the issue; when `false`, the caller decides how
  ///   loudly to fail.
  @discardableResult
  public static func report(_ message: String) -> Bool {
    guard let handler else { return false }
    handler(message)
    return true
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
