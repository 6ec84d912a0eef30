/// Records failures in the test that is running, through the testing libraries that ship with
/// the toolchain, without linking them: their entry points are looked up in the process by their
/// (stable, mangled) names, the way swift-dependencies' helpers find `XCTFail`. A program that
/// links EffectCore but neither library finds none of them, and nothing is recorded.
///
/// - In a Swift Testing test (`Test.current` is set for the task), Swift Testing records it at
///   the call site: the test fails, and `withKnownIssue` can expect it.
/// - Otherwise, when XCTest is loaded, XCTest records it in the test case that is running, if
///   any, at the call site's file and line.
///
/// A failure after which the caller throws (a `TestStore` assertion) must show once, however the
/// error travels: both libraries record an error that a test throws as one more failure, at the
/// test rather than at the call. So such a failure is recorded the way each library's own
/// throwing checks record theirs, and the error to throw is the one those checks throw, which
/// the library knows is recorded already: Swift Testing's `#require` (`__checkValue`, which
/// throws `ExpectationFailedError`), XCTest's `XCTUnwrap` (which throws an error its test runner
/// does not record).
///
/// Nothing here is called on a hot path: only when something already went wrong.
enum TestFrameworks {
  /// Which testing library took a failure.
  enum Recorder {
    /// Swift Testing recorded it in the test running the current task.
    case swiftTesting
    /// It went to XCTest, which keeps it only inside one of its test cases.
    case xcTest
  }

  /// Records `message` as a failure of the running test; the caller goes on.
  ///
  /// - Returns: The library that took it, or `nil` when no testing library is loaded.
  static func recordFailure(_ message: String, at site: CallSite) -> Recorder? {
    if SwiftTestingEntryPoints.isRunningTest,
      SwiftTestingEntryPoints.recordExpectation(message, at: site, isRequired: false) != nil
        || SwiftTestingEntryPoints.recordIssue(message, at: site, isWarning: false)
    {
      return .swiftTesting
    }
    return XCTestEntryPoints.fail(message, at: site) ? .xcTest : nil
  }

  /// Records `message` as a failure of the running test, for a caller that throws next.
  ///
  /// - Returns: The library that took it, and the error to throw, which that library does not
  ///   record a second time. The error is `nil` when the library is too old or too new to have
  ///   the entry point that makes one: the caller throws its own, which shows once more. `nil`
  ///   when no testing library is loaded: nothing recorded the failure.
  static func recordFailureToThrow(
    _ message: String, at site: CallSite
  ) -> (recorder: Recorder, error: (any Error)?)? {
    if SwiftTestingEntryPoints.isRunningTest {
      if let error = SwiftTestingEntryPoints.recordExpectation(message, at: site, isRequired: true)
      {
        return (.swiftTesting, error)
      }
      if SwiftTestingEntryPoints.recordIssue(message, at: site, isWarning: false) {
        return (.swiftTesting, nil)
      }
    }
    if let error = XCTestEntryPoints.failToThrow(message, at: site) {
      return (.xcTest, error)
    }
    return XCTestEntryPoints.fail(message, at: site) ? (.xcTest, nil) : nil
  }

  /// Records `message` as a warning of the running Swift Testing test: it shows, and the test
  /// still passes. XCTest has no warnings.
  ///
  /// - Returns: Whether Swift Testing took it.
  static func recordWarning(_ message: String, at site: CallSite) -> Bool {
    SwiftTestingEntryPoints.isRunningTest
      && SwiftTestingEntryPoints.recordIssue(message, at: site, isWarning: true)
  }

  /// Looks an entry point up in the process. Its address is kept as an integer: it is a constant
  /// of the process.
  static func lookUp(_ name: String) -> UInt? {
    OperatingSystem.symbolAddress(named: name)
  }

  /// The address of an entry point found by ``lookUp(_:)``.
  static func pointer(_ address: UInt?) -> UnsafeRawPointer? {
    address.flatMap(UnsafeRawPointer.init(bitPattern:))
  }
}
