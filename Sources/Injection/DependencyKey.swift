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
/// Only ``liveValue`` is required. ``previewValue`` defaults to the live value. ``testValue`` has
/// no default: a test that uses a dependency without overriding it, whose key has no test value,
/// fails with a message that names the key and says how to fix it, instead of quietly talking to
/// the real world.
///
/// Live and preview values are made once per process and shared; test values are read each time
/// a test resolves them, so that a stateful test value never leaks from one test into another.
public protocol DependencyKey: Sendable {
  /// The dependency's type.
  associatedtype Value: Sendable

  /// The value the app uses.
  static var liveValue: Value { get }

  /// The value tests use when they don't override the dependency.
  static var testValue: Value { get }

  /// The value previews use when they don't override the dependency.
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// The live value, unless the key gives a preview value of its own.
  public static var previewValue: Value { liveValue }

  /// No test value: using the dependency in a test without overriding it is a test failure.
  public static var testValue: Value {
    DependencyIssue.report(
      "'\(Self.self)' has no test value, but a test used it (its value type is \(Value.self)).\n"
        + "To fix it, do one of two things:\n"
        + "  • Override the dependency where the test creates its store: "
        + "TestStore(initialState: …) { Feature() } withDependencies: { $0.<name> = … }, "
        + "or around the code under test with withDependencies { … } operation: { … }.\n"
        + "  • Give '\(Self.self)' a 'static let testValue' that is safe to use in every test.")
    return liveValue
  }
}
