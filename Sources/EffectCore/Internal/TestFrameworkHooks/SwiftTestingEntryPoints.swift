/// Swift Testing's entry points, called without linking the library (see ``TestFrameworks``).
///
/// `Test`, `Comment`, `SourceLocation`, `__Expression`, `Issue` and `Issue.Severity` are
/// resilient types: their values are handled through generic parameters bound to their runtime
/// types, so that calls pass and return them indirectly, as the entry points expect.
/// Initializers take their arguments owned (consumed); functions borrow them.
enum SwiftTestingEntryPoints {
  private enum Symbols {
    static let testCurrent = TestFrameworks.lookUp("$s7Testing4TestV7currentACSgvgZ")
    static let testCaseCurrent = TestFrameworks.lookUp("$s7Testing4TestV4CaseV7currentAESgvgZ")
    static let commentInit = TestFrameworks.lookUp("$s7Testing7CommentV8rawValueACSS_tcfC")
    static let sourceLocationInit = TestFrameworks.lookUp(
      "$s7Testing14SourceLocationV6fileID0D4Path4line6columnACSS_SSS2itcfC")
    /// `Issue.record(_:severity:sourceLocation:)`.
    static let issueRecord = TestFrameworks.lookUp(
      "$s7Testing5IssueV6record_8severity14sourceLocationAcA7CommentVSg_AC8SeverityOAA06SourceF0VtFZ"
    )
    /// The tag of `Issue.Severity.warning`, which a resilient enum's clients read to make it.
    static let warningTag = TestFrameworks.lookUp("$s7Testing5IssueV8SeverityO7warningyA2EmFWC")
    static let errorTag = TestFrameworks.lookUp("$s7Testing5IssueV8SeverityO5erroryA2EmFWC")
    /// `__Expression.__fromSyntaxNode(_:)`.
    static let expressionInit = TestFrameworks.lookUp(
      "$s7Testing12__ExpressionV16__fromSyntaxNodeyACSSFZ")
    /// `__checkValue(_:expression:expressionWithCapturedRuntimeValues:`
    /// `mismatchedErrorDescription:difference:mismatchedExitConditionDescription:comments:`
    /// `isRequired:sourceLocation:)`: what `#require(condition)` expands to.
    static let checkValue = TestFrameworks.lookUp(
      "$s7Testing12__checkValue_10expression0D25WithCapturedRuntimeValues26mismatchedErrorDescriptio"
        + "n10difference0i13ExitConditionK08comments10isRequired14sourceLocations6ResultOyyts0J0_pGSb"
        + "_AA12__ExpressionVAPSgyXKSSSgyXKARyXKARyXKSayAA7CommentVGyXKSbAA06SourceS0VtF")

    static let test = _typeByName("7Testing4TestV")
    static let testCase = _typeByName("7Testing4TestV4CaseV")
    static let comment = _typeByName("7Testing7CommentV")
    static let sourceLocation = _typeByName("7Testing14SourceLocationV")
    static let expression = _typeByName("7Testing12__ExpressionV")
    static let issue = _typeByName("7Testing5IssueV")
    static let severity = _typeByName("7Testing5IssueV8SeverityO")
  }

  /// Whether the current task runs a Swift Testing test.
  static var isRunningTest: Bool {
    guard let testCurrent = TestFrameworks.pointer(Symbols.testCurrent), let test = Symbols.test
    else {
      return false
    }
    func isRunning<Test>(_: Test.Type) -> Bool {
      unsafeBitCast(testCurrent, to: (@convention(thin) () -> Test?).self)() != nil
    }
    return _openExistential(test, do: isRunning)
  }

  /// Which test (and, for a parameterized test, which of its cases) the current task runs:
  /// the test's `id` and a description of its case (its arguments); `nil` outside a Swift
  /// Testing test.
  static var currentTest: AnyHashable? {
    guard let testID = currentTestID else { return nil }
    let isParameterized = parameterizedTests.withLock { known in
      if let isParameterized = known[testID] { return isParameterized }
      let isParameterized = currentCasePayload != nil
      known[testID] = isParameterized
      return isParameterized
    }
    // Describing a case's arguments costs tens of microseconds: only parameterized tests do.
    let testCase = isParameterized ? currentCasePayload.map { String(describing: $0) } : nil
    return AnyHashable(TestIdentity(test: testID, testCase: testCase))
  }

  /// The id of the Swift Testing test the current task runs, the same for all its cases; `nil`
  /// outside one. Cheaper than ``currentTest``: a parameterized test's case is not described.
  static var currentTestID: AnyHashable? {
    guard let testCurrent = TestFrameworks.pointer(Symbols.testCurrent), let test = Symbols.test
    else {
      return nil
    }
    func current<Test>(_: Test.Type) -> AnyHashable? {
      guard let test = unsafeBitCast(testCurrent, to: (@convention(thin) () -> Test?).self)(),
        let identifiable = test as? any Identifiable
      else { return nil }
      func id<T: Identifiable>(_ value: T) -> AnyHashable { AnyHashable(value.id) }
      return id(identifiable)
    }
    return _openExistential(test, do: current)
  }

  /// Whether each test seen so far is parameterized, by its id: a test's cases all are, or none.
  private static let parameterizedTests = LockIsolated<[AnyHashable: Bool]>([:])

  /// What sets `Test.Case.current` apart from the test's other cases (its arguments), read by
  /// reflection: `nil` for the one case of a test that is not parameterized, which has none.
  private static var currentCasePayload: Any? {
    guard let caseCurrent = TestFrameworks.pointer(Symbols.testCaseCurrent),
      let testCase = Symbols.testCase
    else { return nil }
    func current<Case>(_: Case.Type) -> Any? {
      guard let testCase = unsafeBitCast(caseCurrent, to: (@convention(thin) () -> Case?).self)(),
        let kind = Mirror(reflecting: testCase).children.first?.value
      else { return nil }
      return Mirror(reflecting: kind).children.first?.value
    }
    return _openExistential(testCase, do: current)
  }

  /// A test and one of its cases.
  private struct TestIdentity: Hashable {
    let test: AnyHashable
    let testCase: String?
  }

  /// Records an issue at `site` with `Issue.record(_:severity:sourceLocation:)`.
  ///
  /// - Returns: Whether it was recorded.
  static func recordIssue(_ message: String, at site: CallSite, isWarning: Bool) -> Bool {
    guard let issueRecord = TestFrameworks.pointer(Symbols.issueRecord),
      let commentType = Symbols.comment,
      let issueType = Symbols.issue, let severityType = Symbols.severity,
      let tag = TestFrameworks.pointer(isWarning ? Symbols.warningTag : Symbols.errorTag)?.load(
        as: UInt32.self)
    else { return false }

    func record<Comment, Issue, Severity>(
      _: Comment.Type, _: Issue.Type, _: Severity.Type
    ) -> Bool {
      // A resilient enum without payloads is stored as its case's tag, in a byte for a few
      // cases; checked against the case's name, so that a different layout records nothing.
      guard MemoryLayout<Severity>.size == 1, tag < 256,
        let comment = makeComment(message, as: Comment.self),
        let location = makeLocation(site)
      else { return false }
      let severity = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { byte in
        byte[0] = UInt8(tag)
        return UnsafeRawPointer(byte.baseAddress!).load(as: Severity.self)
      }
      guard "\(severity)" == (isWarning ? "warning" : "error") else { return false }
      func withLocation<SourceLocation>(_ location: SourceLocation) {
        typealias Record = @convention(thin) (Comment?, Severity, SourceLocation) -> Issue
        _ = unsafeBitCast(issueRecord, to: Record.self)(comment, severity, location)
      }
      _openExistential(location, do: withLocation)
      return true
    }
    func withComment<Comment>(_: Comment.Type) -> Bool {
      func withIssue<Issue>(_: Issue.Type) -> Bool {
        func withSeverity<Severity>(_: Severity.Type) -> Bool {
          record(Comment.self, Issue.self, Severity.self)
        }
        return _openExistential(severityType, do: withSeverity)
      }
      return _openExistential(issueType, do: withIssue)
    }
    return _openExistential(commentType, do: withComment)
  }

  /// Records a failed expectation at `site`, as `#expect` and `#require` do, described by
  /// `message`: the issue reads "Expectation failed: " and the message.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - site: Where.
  ///   - isRequired: Whether the caller stops (throws) next, as after `#require`.
  /// - Returns: The error `#require` throws after recording, which Swift Testing does not record
  ///   again when a test throws it; `nil` if the entry point is missing (nothing was recorded).
  static func recordExpectation(
    _ message: String, at site: CallSite, isRequired: Bool
  ) -> (any Error)? {
    guard let checkValue = TestFrameworks.pointer(Symbols.checkValue),
      let expressionInit = TestFrameworks.pointer(Symbols.expressionInit),
      let commentType = Symbols.comment, let expressionType = Symbols.expression,
      let location = makeLocation(site)
    else { return nil }

    func check<Comment, Expression, SourceLocation>(
      _: Comment.Type, _: Expression.Type, _ location: SourceLocation
    ) -> (any Error)? {
      typealias MakeExpression = @convention(thin) (String) -> Expression
      typealias Check =
        @convention(thin) (
          Bool, Expression, () -> Expression?, () -> String?, () -> String?, () -> String?,
          () -> [Comment], Bool, SourceLocation
        ) -> Result<Void, any Error>
      // The expression shows only in verbose output; the message is the failure's description.
      let expression = unsafeBitCast(expressionInit, to: MakeExpression.self)("TestStore")
      let result = unsafeBitCast(checkValue, to: Check.self)(
        false, expression, { nil }, { message }, { nil }, { nil }, { [] }, isRequired, location)
      guard case .failure(let error) = result else { return nil }
      return error
    }
    func withComment<Comment>(_: Comment.Type) -> (any Error)? {
      func withExpression<Expression>(_: Expression.Type) -> (any Error)? {
        func withLocation<SourceLocation>(_ location: SourceLocation) -> (any Error)? {
          check(Comment.self, Expression.self, location)
        }
        return _openExistential(location, do: withLocation)
      }
      return _openExistential(expressionType, do: withExpression)
    }
    return _openExistential(commentType, do: withComment)
  }

  private static func makeComment<Comment>(_ message: String, as _: Comment.Type) -> Comment? {
    guard let commentInit = TestFrameworks.pointer(Symbols.commentInit) else { return nil }
    typealias MakeComment = @convention(thin) (consuming String) -> Comment
    return unsafeBitCast(commentInit, to: MakeComment.self)(message)
  }

  /// A `SourceLocation`, as an existential of its runtime type.
  private static func makeLocation(_ site: CallSite) -> Any? {
    guard let sourceLocationInit = TestFrameworks.pointer(Symbols.sourceLocationInit),
      let type = Symbols.sourceLocation
    else { return nil }
    func make<SourceLocation>(_: SourceLocation.Type) -> Any {
      typealias MakeLocation =
        @convention(thin) (consuming String, consuming String, Int, Int) -> SourceLocation
      return unsafeBitCast(sourceLocationInit, to: MakeLocation.self)(
        "\(site.fileID)", "\(site.filePath)", Int(site.line), Int(site.column))
    }
    return _openExistential(type, do: make)
  }

}
