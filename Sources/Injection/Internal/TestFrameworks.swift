#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records failures in the test that is running, through the testing libraries that ship with
/// the toolchain, without linking them: their entry points are looked up in the process by their
/// (stable, mangled) names, the way swift-dependencies' helpers find `XCTFail`.
///
/// - In a Swift Testing test (`Test.current` is set for the task), `Issue.record(_:sourceLocation:)`
///   records it: the test fails, and `withKnownIssue` can expect it.
/// - Otherwise, when XCTest is loaded, `XCTFail` records it in the XCTest test case that is
///   running, if any.
///
/// Nothing here is called on a hot path: only when something already went wrong.
enum TestFrameworks {
  /// Which testing library took a failure.
  enum Recorder {
    /// Swift Testing recorded it in the test running the current task.
    case swiftTesting
    /// It went to `XCTFail`, which keeps it only inside one of XCTest's test cases.
    case xcTest
  }

  /// Records `message` as a failure of the running test.
  ///
  /// - Returns: The library that took it, or `nil` when no testing library is loaded.
  static func recordFailure(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Recorder? {
    if SwiftTesting.record(
      message, fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    {
      return .swiftTesting
    }
    guard let fail = Symbols.xctFail else { return nil }
    typealias XCTFail = @convention(thin) (String, StaticString, UInt) -> Void
    unsafeBitCast(UnsafeRawPointer(bitPattern: fail), to: XCTFail.self)(message, filePath, line)
    return .xcTest
  }

  /// The entry points, looked up once. Their addresses are stored as integers: they are
  /// constants of the process.
  private enum Symbols {
    typealias Address = UInt

    static let testCurrent = lookUp("$s7Testing4TestV7currentACSgvgZ")
    static let commentInit = lookUp("$s7Testing7CommentV8rawValueACSS_tcfC")
    static let sourceLocationInit = lookUp(
      "$s7Testing14SourceLocationV6fileID0D4Path4line6columnACSS_SSS2itcfC")
    static let issueRecord = lookUp(
      "$s7Testing5IssueV6record_14sourceLocationAcA7CommentVSg_AA06SourceE0VtFZ")
    static let xctFail = lookUp("$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF")

    static func lookUp(_ name: String) -> Address? {
      dlsym(dlopen(nil, RTLD_LAZY), name).map { Address(bitPattern: $0) }
    }
  }

  /// Swift Testing's `Test`, `Comment`, `SourceLocation` and `Issue` are resilient structs: their
  /// values are handled through generic parameters bound to their runtime types, so that the
  /// calls pass and return them indirectly, as their entry points expect.
  private enum SwiftTesting {
    static func record(
      _ message: String, fileID: String, filePath: String, line: Int, column: Int
    ) -> Bool {
      guard let testCurrent = Symbols.testCurrent.flatMap(UnsafeRawPointer.init(bitPattern:)),
        let commentInit = Symbols.commentInit.flatMap(UnsafeRawPointer.init(bitPattern:)),
        let sourceLocationInit = Symbols.sourceLocationInit.flatMap(
          UnsafeRawPointer.init(bitPattern:)),
        let issueRecord = Symbols.issueRecord.flatMap(UnsafeRawPointer.init(bitPattern:)),
        let test = _typeByName("7Testing4TestV"), let comment = _typeByName("7Testing7CommentV"),
        let location = _typeByName("7Testing14SourceLocationV"),
        let issue = _typeByName("7Testing5IssueV")
      else { return false }

      func isRunning<Test>(_: Test.Type) -> Bool {
        unsafeBitCast(testCurrent, to: (@convention(thin) () -> Test?).self)() != nil
      }
      guard _openExistential(test, do: isRunning) else { return false }

      func record<Comment, SourceLocation, Issue>(
        _: Comment.Type, _: SourceLocation.Type, _: Issue.Type
      ) {
        // Initializers take their arguments owned (consumed); methods borrow them.
        typealias MakeComment = @convention(thin) (consuming String) -> Comment
        typealias MakeLocation =
          @convention(thin) (consuming String, consuming String, Int, Int) -> SourceLocation
        typealias Record = @convention(thin) (Comment?, SourceLocation) -> Issue
        let comment = unsafeBitCast(commentInit, to: MakeComment.self)(message)
        let location = unsafeBitCast(sourceLocationInit, to: MakeLocation.self)(
          fileID, filePath, line, column)
        _ = unsafeBitCast(issueRecord, to: Record.self)(comment, location)
      }
      func withComment<Comment>(_: Comment.Type) {
        func withLocation<SourceLocation>(_: SourceLocation.Type) {
          func withIssue<Issue>(_: Issue.Type) {
            record(Comment.self, SourceLocation.self, Issue.self)
          }
          _openExistential(issue, do: withIssue)
        }
        _openExistential(location, do: withLocation)
      }
      _openExistential(comment, do: withComment)
      return true
    }
  }
}
