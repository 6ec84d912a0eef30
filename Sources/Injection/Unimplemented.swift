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
/// A test that exercises the endpoint without overriding it fails with a message naming it and
/// the arguments it was called with, then goes on with the placeholder. Inside a `TestStore`
/// the store's next assertion fails, at its own line; in any other test the failure is recorded
/// in the running Swift Testing or XCTest test, pointing at the line that made the endpoint.
///
/// The closure takes any arguments, and converts to an `async` or `throws` closure type:
/// `@Sendable (Int) async throws -> [User]` takes `unimplemented(…, placeholder: [])`. An
/// endpoint that returns nothing needs no placeholder:
/// `var log: @Sendable (String) -> Void = unimplemented("Client.log")`.
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
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  { (argument: repeat each Argument) in
    reportUnimplemented(
      description, arguments: repeat each argument, fileID: fileID, filePath: filePath,
      line: line, column: column)
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
  { (argument: repeat each Argument) throws in
    reportUnimplemented(
      description, arguments: repeat each argument, fileID: fileID, filePath: filePath,
      line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// A value that fails the test when it is made, then is the placeholder: the test value of a
/// dependency that is a plain value, not a closure.
///
/// ```swift
/// enum FeatureFlagKey: DependencyKey {
///   static let liveValue: String? = "live"
///   static var testValue: String? {
///     unimplemented(#"@Dependency(\.featureFlag)"#, placeholder: nil)
///   }
/// }
/// ```
///
/// A test that reads the dependency without overriding it fails with a message naming it, and
/// goes on with `placeholder`.
///
/// - Parameters:
///   - description: What the value is, for the failure message.
///   - placeholder: The value to go on with.
///   - fileID: Where the value is made; leave the default.
///   - filePath: Where the value is made; leave the default.
///   - line: Where the value is made; leave the default.
///   - column: Where the value is made; leave the default.
/// - Returns: `placeholder`, after reporting.
@_disfavoredOverload
public func unimplemented<Result>(
  _ description: String = "",
  placeholder: @autoclosure () -> Result,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Result {
  let name = description.isEmpty ? "A value" : "'\(description)'"
  DependencyIssue.report(
    "Unimplemented: \(name) was used (made at \(fileID):\(line)).\n"
      + "To fix it, override it where the test makes its store or runs the code: "
      + "withDependencies { $0.<name> = … } operation: { … }, or a test trait.",
    fileID: fileID, filePath: filePath, line: line, column: column)
  return placeholder()
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

private func reportUnimplemented<each Argument>(
  _ description: String, arguments: repeat each Argument, fileID: StaticString,
  filePath: StaticString, line: UInt, column: UInt
) {
  let name = description.isEmpty ? "An endpoint" : "'\(description)'"
  var count = 0
  for _ in repeat each arguments { count += 1 }
  var withArguments = ""
  if count > 0 {
    // One argument prints as itself, several as a tuple.
    withArguments = " with "
    debugPrint((repeat each arguments), terminator: "", to: &withArguments)
  }
  DependencyIssue.report(
    "Unimplemented: \(name) was called\(withArguments) (made at \(fileID):\(line)).\n"
      + "To fix it, override it where the test makes its store or runs the code: "
      + "withDependencies: { $0.<client>.<endpoint> = { … } }, or expect the call to fail the "
      + "test if it must not happen.",
    fileID: fileID, filePath: filePath, line: line, column: column)
}
