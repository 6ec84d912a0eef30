/// Why a ``TestStore`` assertion failed: what differed, and which call failed.
///
/// Every `TestStore` assertion throws this error; both Swift Testing and XCTest report a thrown
/// error with its description, so failures read the same under either:
///
/// ```
/// CounterTests.swift:14: A state change does not match expectation: …
///
///   Counter.State(
/// -   count: 2
/// +   count: 1
///   )
///
/// (Expected: -, Actual: +)
/// ```
public struct TestStoreFailure: Error, CustomStringConvertible, Sendable {
  /// What went wrong, with a line diff where one helps.
  public let message: String

  /// The file of the failing call, as `#fileID` gives it.
  public let fileID: String

  /// The line of the failing call.
  public let line: UInt

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - fileID: The file of the failing call.
  ///   - line: The line of the failing call.
  public init(_ message: String, fileID: StaticString, line: UInt) {
    self.message = message
    self.fileID = "\(fileID)"
    self.line = line
  }

  /// `File.swift:12: message`.
  public var description: String {
    "\(fileID):\(line): \(message)"
  }
}
