/// Which test the current task runs, for values that live as long as one test: a dependency's
/// test value is made once per test, as in swift-dependencies.
@_spi(Contexts)
public enum RunningTest {
  /// The Swift Testing test (and, for a parameterized test, the case) the current task runs, or
  /// `nil` outside one (XCTest, or no test). Tasks a test starts run it too: the identity is a
  /// task-local value of Swift Testing's, which they inherit.
  public static var current: AnyHashable? { SwiftTestingEntryPoints.currentTest }
}
