extension DependencyValues {
  /// Checks a condition that must hold: Swift's `assert` in the app (debug builds only), a test
  /// failure in tests, where the test goes on.
  ///
  /// ```swift
  /// @Dependency(\.assert) var assert
  /// assert(state.count >= 0, "The count went below zero")
  /// ```
  public var assert: any AssertionEffect {
    get { self[AssertKey.self] }
    set { self[AssertKey.self] = newValue }
  }

  /// Reports that something must not happen: ``assert`` with a condition that fails.
  ///
  /// ```swift
  /// @Dependency(\.assertionFailure) var assertionFailure
  /// assertionFailure("A row appeared twice")
  /// ```
  public var assertionFailure: any AssertionFailureEffect {
    AssertionFailure(base: assert)
  }

  /// Checks a condition that must hold: Swift's `precondition` in the app (it stops the app in
  /// every build), a test failure in tests, where the test goes on.
  public var precondition: any AssertionEffect {
    get { self[PreconditionKey.self] }
    set { self[PreconditionKey.self] = newValue }
  }
}

/// Checks a condition: the ``DependencyValues/assert`` and ``DependencyValues/precondition``
/// dependencies. Call it like Swift's `assert`.
public protocol AssertionEffect: Sendable {
  /// Checks `condition`.
  ///
  /// - Parameters:
  ///   - condition: What must hold.
  ///   - message: What to say when it does not.
  ///   - file: Where it is checked.
  ///   - line: Where it is checked.
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  )
}

extension AssertionEffect {
  /// Checks `condition`, as Swift's `assert(_:_:file:line:)`.
  ///
  /// - Parameters:
  ///   - condition: What must hold.
  ///   - message: What to say when it does not.
  ///   - file: Where it is checked.
  ///   - line: Where it is checked.
  @_disfavoredOverload
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) {
    self.callAsFunction(condition(), message(), file: file, line: line)
  }
}

/// Reports a failure: the ``DependencyValues/assertionFailure`` dependency.
public protocol AssertionFailureEffect: Sendable {
  /// Reports a failure.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - file: Where.
  ///   - line: Where.
  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt)
}

extension AssertionFailureEffect {
  /// Reports a failure, as Swift's `assertionFailure(_:file:line:)`.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - file: Where.
  ///   - line: Where.
  @_disfavoredOverload
  public func callAsFunction(
    _ message: @autoclosure () -> String = "", file: StaticString = #file, line: UInt = #line
  ) {
    self.callAsFunction(message(), file: file, line: line)
  }
}

private struct LiveAssertion: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    Swift.assert(condition(), message(), file: file, line: line)
  }
}

private struct LivePrecondition: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    Swift.precondition(condition(), message(), file: file, line: line)
  }
}

/// Reports a failed condition as a test failure, at the line that checked it.
private struct TestAssertion: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    guard !condition() else { return }
    let message = message()
    DependencyIssue.report(
      message.isEmpty ? "Assertion failed" : message, fileID: file, filePath: file, line: line,
      column: 1)
  }
}

private struct AssertionFailure: AssertionFailureEffect {
  let base: any AssertionEffect

  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt) {
    base(false, message(), file: file, line: line)
  }
}

private enum AssertKey: DependencyKey {
  static let liveValue: any AssertionEffect = LiveAssertion()
  static let testValue: any AssertionEffect = TestAssertion()
}

private enum PreconditionKey: DependencyKey {
  static let liveValue: any AssertionEffect = LivePrecondition()
  static let testValue: any AssertionEffect = TestAssertion()
}
