public import Injection
public import Testing

/// A Swift Testing trait that runs a test, or every test of a suite, with its own dependencies:
/// `.dependencies`, `.dependencies { … }`, `.dependency(\.x, value)` and `.dependency(value)`.
///
/// ```swift
/// @Suite(.dependency(\.date.now, Date(timeIntervalSince1970: 0)))
/// struct FeatureTests {
///   @Test(.dependency(\.uuid, .incrementing))
///   func add() async throws { … }
/// }
/// ```
///
/// The outermost of these traits starts the test from fresh values (`DependencyValues()`: no
/// override, its own cache of live, preview and test values, the detected context), so nothing
/// another test made, prepared or changed reaches it; the traits inside it, a nested suite's or
/// the test's own, change those values in turn, the innermost last. A parameterized test starts
/// afresh for each of its cases. Everything the test runs sees the values: `@Dependency`,
/// `withDependencies`, a `Store` or `TestStore` made in it, and their effects.
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let update: @Sendable (inout DependencyValues) async throws -> Void

  /// Whether no trait of this kind is in force around the current task yet.
  @TaskLocal static var isOutermost = true

  /// `true`: a suite's trait reaches every test in it, nested suites included.
  public var isRecursive: Bool { true }

  /// Runs `function` with the trait's dependencies in force.
  ///
  /// - Parameters:
  ///   - test: The test or suite.
  ///   - testCase: The case of a parameterized test, or `nil`.
  ///   - function: The test.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies {
      if Self.isOutermost { $0 = DependencyValues() }
      try await update(&$0)
    } operation: {
      try await Self.$isOutermost.withValue(false) { try await function() }
    }
  }
}

extension Trait where Self == DependenciesTrait {
  /// Runs the test, or every test of the suite, with fresh dependencies: nothing another test
  /// made or prepared reaches it.
  ///
  /// ```swift
  /// @Test(.dependencies, arguments: 1...5)
  /// func counts(_ argument: Int) { … }   // each case starts from a fresh counter
  /// ```
  public static var dependencies: Self { Self { _ in } }

  /// Runs the test, or every test of the suite, with dependencies changed by `update`.
  ///
  /// ```swift
  /// @Suite(.dependencies {
  ///   $0.continuousClock = ImmediateClock()
  ///   $0.uuid = .incrementing
  /// })
  /// struct FeatureTests { … }
  /// ```
  ///
  /// - Parameter update: Changes the values; it runs before each test.
  /// - Returns: The trait.
  public static func dependencies(
    _ update: @escaping @Sendable (inout DependencyValues) async throws -> Void
  ) -> Self {
    Self(update: update)
  }

  /// Runs the test, or every test of the suite, with one dependency set.
  ///
  /// ```swift
  /// @Test(.dependency(\.uuid, .incrementing))
  /// func addsTodo() async throws { … }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on `DependencyValues`.
  ///   - value: Its value, made anew for each test.
  /// - Returns: The trait.
  public static func dependency<Value>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    Self { $0[keyPath: keyPath] = try value() }
  }

  /// Runs the test, or every test of the suite, with the dependency whose key is the value's own
  /// type set to that value.
  ///
  /// ```swift
  /// @Test(.dependency(APIClient.mock))   // APIClient: TestDependencyKey, Value == Self
  /// func loads() async throws { … }
  /// ```
  ///
  /// - Parameter value: The value, made anew for each test.
  /// - Returns: The trait.
  public static func dependency<Value: TestDependencyKey>(
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self where Value == Value.Value {
    Self { $0[Value.self] = try value() }
  }
}
