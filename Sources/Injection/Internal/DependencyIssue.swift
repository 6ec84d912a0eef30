#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reports misuse of dependencies that must not pass quietly.
enum DependencyIssue {
  /// Set while a key path writes a dependency: Swift's key path writes through a computed
  /// property read the old value first, which must not count as using it.
  @TaskLocal static var isWriting = false

  /// Inside a `TestStore` the issue fails the test store's next assertion; elsewhere it stops
  /// the process with the message, since carrying on would use the wrong value.
  static func report(_ message: @autoclosure () -> String) {
    guard !isWriting else { return }
    let message = message()
    guard !TestIssue.report(message) else { return }
    fail(message)
  }

  /// Stops the process with a message: for errors no caller can recover from, such as a cycle.
  static func fail(_ message: String) -> Never {
    let text = "[Injection] error: \(message)\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    fatalError(message)
  }
}
