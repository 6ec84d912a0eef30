import EffectCore

/// Reports misuse of dependencies that must not pass quietly.
enum DependencyIssue {
  /// Set while a key path writes a dependency: Swift's key path writes through a computed
  /// property read the old value first, which must not count as using it.
  @TaskLocal static var isWriting = false

  /// Reports a failure and goes on: inside a `TestStore` it fails the test store's next
  /// assertion; in any other test (a plain `Store`, a state's initializer, an assertion's
  /// closure) it is recorded as a failure of the running Swift Testing or XCTest test; with no
  /// test running, it is printed to standard error.
  static func report(
    _ message: @autoclosure () -> String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard !isWriting else { return }
    let message = message()
    let reachedATest = TestIssue.record(
      message, fileID: fileID, filePath: filePath, line: line, column: column)
    // XCTest keeps a failure only inside one of its test cases: say it where it is seen, too.
    if !reachedATest { printError(message) }
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
