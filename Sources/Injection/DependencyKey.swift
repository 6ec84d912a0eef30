/// A key for a dependency's test and preview values: the part of a dependency that its interface
/// module can declare, without the live implementation.
///
/// Declare the key and its test value next to the client's interface, and add the live value in
/// the module that implements it, by conforming the same key to ``DependencyKey``:
///
/// ```swift
/// // APIClient (interface): the client type, its key, its test value.
/// public enum APIClientKey: TestDependencyKey {
///   public static let testValue = APIClient.unimplemented
/// }
///
/// // APIClientLive: the live value, where the networking code is.
/// extension APIClientKey: DependencyKey {
///   public static let liveValue = APIClient.live
/// }
/// ```
///
/// Features depend on the interface module only; the app links the live one. ``previewValue``
/// defaults to the test value. A key used in the app without its ``DependencyKey`` conformance
/// linked has no live value: debug builds print a runtime warning naming the key, and it uses
/// the test value.
public protocol TestDependencyKey: Sendable {
  /// The dependency's type.
  associatedtype Value: Sendable

  /// The value tests use when they don't override the dependency.
  static var testValue: Value { get }

  /// The value previews use when they don't override the dependency.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// The test value, unless the key gives a preview value of its own.
  public static var previewValue: Value { testValue }
}

/// A key for a dependency in ``DependencyValues``: the value to use in the app, in tests and in
/// previews.
///
/// ```swift
/// private enum APIClientKey: DependencyKey {
///   static let liveValue = APIClient.live
///   static let testValue = APIClient.unimplemented
/// }
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// Only ``liveValue`` is required. ``TestDependencyKey/previewValue`` defaults to the live value.
/// ``TestDependencyKey/testValue`` has no working default: a test that uses a dependency without
/// overriding it, whose key has no test value, fails with a message that names the key and says
/// how to fix it, and goes on with the preview value (the live value, unless the key gives a
/// preview value), as swift-dependencies does. Inside a `TestStore` the store's next assertion
/// throws; in any other test (a plain `Store`, a model, a state's initializer, an assertion's
/// closure) the failure is recorded in the running Swift Testing or XCTest test. Reading it to
/// set part of it (`$0.apiClient.fetch = { … }` in `withDependencies`) is not a use.
///
/// A key can also be split across modules: its test value in the client's interface module
/// (``TestDependencyKey``), its live value in the implementation's.
///
/// Live, preview and test values are made once and shared, as in swift-dependencies: once per
/// process in an app, once per Swift Testing test (per case of a parameterized test) in tests,
/// so that a stateful value is shared within a test and never leaks into another. Outside a
/// Swift Testing test (XCTest), test values are made at each read, unless the test runs with
/// fresh values (`withDependencies { $0 = DependencyValues() }`), which keep their own.
public protocol DependencyKey: TestDependencyKey {
  /// The dependency's type, restated so that Swift infers it from ``liveValue`` alone.
  associatedtype Value

  /// The value the app uses.
  static var liveValue: Value { get }
}

extension DependencyKey {
  /// The live value, unless the key gives a preview value of its own.
  public static var previewValue: Value { liveValue }

  /// No test value: using the dependency in a test without overriding it is a test failure,
  /// after which the preview value is used.
  public static var testValue: Value {
    DependencyIssue.report(
      "'\(Self.self)' has no test value, but a test used it (its value type is \(Value.self)).\n"
        + "To fix it, do one of two things:\n"
        + "  • Override the dependency where the test creates its store: "
        + "TestStore(initialState: …) { Feature() } withDependencies: { $0.<name> = … }, "
        + "or around the code under test with withDependencies { … } operation: { … }.\n"
        + "  • Give '\(Self.self)' a 'static let testValue' that is safe to use in every test.")
    return previewValue
  }
}
