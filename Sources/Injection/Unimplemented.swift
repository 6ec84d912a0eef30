/// An endpoint that fails the test when called and returns a placeholder: the test value of one
/// closure of a dependency client.
///
/// ```swift
/// extension APIClient {
///   static let unimplemented = APIClient(
///     fetchUsers: unimplemented("APIClient.fetchUsers", placeholder: []),
///     delete: unimplemented("APIClient.delete")
///   )
/// }
/// ```
///
/// A test that exercises the endpoint without overriding it fails with a message naming it,
/// then goes on with the placeholder. Inside a `TestStore` the store's next assertion throws; in
/// any other test the failure is recorded in the running Swift Testing or XCTest test, pointing
/// at the line that made the endpoint.
///
/// The closure takes any arguments, and converts to an `async` or `throws` closure type:
/// `@Sendable (Int) async throws -> [User]` takes `unimplemented(…, placeholder: [])`.
///
/// - Parameters:
///   - description: What the endpoint is, for the failure message: `"APIClient.fetchUsers"`.
///   - placeholder: What the endpoint returns after failing.
///   - fileID: Where the endpoint is made; leave the default.
///   - filePath: Where the endpoint is made; leave the default.
///   - line: Where the endpoint is made; leave the default.
///   - column: Where the endpoint is made; leave the default.
/// - Returns: A closure that reports a failure and returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  { (_: repeat each Argument) in
    reportUnimplemented(description, fileID: fileID, filePath: filePath, line: line, column: column)
    return placeholder()
  }
}

/// A throwing endpoint that fails the test when called, then throws ``UnimplementedFailure``.
///
/// ```swift
/// static let unimplemented = APIClient(delete: unimplemented("APIClient.delete"))
/// ```
///
/// - Parameters:
///   - description: What the endpoint is, for the failure message: `"APIClient.delete"`.
///   - fileID: Where the endpoint is made; leave the default.
///   - filePath: Where the endpoint is made; leave the default.
///   - line: Where the endpoint is made; leave the default.
///   - column: Where the endpoint is made; leave the default.
/// - Returns: A closure that reports a failure and throws.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  { (_: repeat each Argument) throws in
    reportUnimplemented(description, fileID: fileID, filePath: filePath, line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// The error a throwing ``unimplemented(_:fileID:filePath:line:column:)`` endpoint throws.
public struct UnimplementedFailure: Error, Equatable, CustomStringConvertible {
  /// What the endpoint is, as given to `unimplemented`.
  public let description: String

  /// A failure of the endpoint `description`.
  ///
  /// - Parameter description: What the endpoint is.
  public init(description: String) {
    self.description = description
  }
}

private func reportUnimplemented(
  _ description: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  let name = description.isEmpty ? "An endpoint" : "'\(description)'"
  DependencyIssue.report(
    "Unimplemented: \(name) was called (made at \(fileID):\(line)).\n"
      + "To fix it, override it where the test makes its store or runs the code: "
      + "withDependencies: { $0.<client>.<endpoint> = { … } }, or expect the call to fail the "
      + "test if it must not happen.",
    fileID: fileID, filePath: filePath, line: line, column: column)
}
