import EffectCore

/// Reports misuse of dependencies that must not pass quietly.
enum DependencyIssue {
  /// Set while a key path writes a dependency: Swift's key path writes through a computed
  /// property read the old value first, which must not count as using it.
  @TaskLocal static var isWriting = false

  /// Reports a failure and goes on: inside a `TestStore` it fails the test store's next
  /// assertion; in any other test (a plain `Store`, a state's initializer, an assertion's
  /// closure) it is recorded as a failure of the running Swift Testing or XCTest test; with no
  /// test running, it is printed to standard error (or, with `warnsOutsideTests`, shown as a
  /// runtime warning: for mistakes an app survives). A use of a dependency is not reported
  /// while dependencies are being set; a mistake in setting them (`isAboutSetting`) is.
  static func report(
    _ message: @autoclosure () -> String,
    warnsOutsideTests: Bool = false,
    isAboutSetting: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard isAboutSetting || !isWriting else { return }
    let message = message()
    let reachedATest = TestIssue.record(
      message, fileID: fileID, filePath: filePath, line: line, column: column)
    // XCTest keeps a failure only inside one of its test cases: say it where it is seen, too.
    guard !reachedATest else { return }
    if warnsOutsideTests {
      RuntimeWarning.report(message)
    } else {
      printError(message)
    }
  }

  /// Reports the use of a built-in dependency's test value: a test that did not override it
  /// made it do something (tell the date, make a UUID, sleep): `use` says what, as "slept on
  /// it". Reading or setting it is no use.
  static func reportUnimplemented(
    _ property: String, use: String, fix: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    report(
      "Unimplemented: '@Dependency(\\.\(property))' has no test value, but a test \(use).\n"
        + "To fix it, override it where the test creates its store or runs the code: "
        + "TestStore(initialState: …) { Feature() } withDependencies: { \(fix) }, "
        + "withDependencies { \(fix) } operation: { … }, or a test trait "
        + "(.dependencies { \(fix) }).",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Stops the process with a message: for errors no caller can recover from, such as a cycle.
  static func fail(_ message: String) -> Never {
    printError(message)
    fatalError(message)
  }

  private static func printError(_ message: String) {
    OperatingSystem.writeToStandardError("[Injection] error: \(message)\n")
  }
}
