/// Resolves an ``Injectable`` once, when the property is created.
///
/// ```swift
/// func processUsers() async throws {
///   @Injected(API.getUsers) var getUsers
///   let users = try await getUsers()
/// }
/// ```
@propertyWrapper
public struct Injected<Value: Sendable>: Sendable {
  /// The resolved value.
  public let wrappedValue: Value

  /// Resolves the injectable with the values in force here.
  ///
  /// - Parameter injectable: What to resolve.
  public init(_ injectable: Injectable<Value>) {
    self.wrappedValue = injectable.value
  }
}

/// Resolves an ``Injectable`` on first use, and keeps that value.
///
/// Use it to break a dependency cycle between factories, or to put off an expensive value until
/// it is needed.
///
/// ```swift
/// @LazyInjected(Services.analytics) var analytics
/// ```
@propertyWrapper
public struct LazyInjected<Value: Sendable>: Sendable {
  private let injectable: Injectable<Value>
  private let resolved = OnceSlot<Value>()

  /// Prepares to resolve the injectable on first use.
  ///
  /// - Parameter injectable: What to resolve.
  public init(_ injectable: Injectable<Value>) {
    self.injectable = injectable
  }

  /// The value, resolved with the values in force at the first access.
  public var wrappedValue: Value {
    resolved.get { injectable.value }
  }
}
