/// Reads a dependency from the values in force where it is used.
///
/// ```swift
/// struct Feature: Reducer {
///   @Dependency(\.continuousClock) var clock
///   @Dependency(\.uuid) var uuid
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.id = uuid()
///     return .run { send in
///       try await clock.sleep(for: .seconds(1))
///       await send(.done)
///     }
///   }
/// }
/// ```
///
/// The value is read on every access, from the task where it happens: in a reducer that is the
/// reducer's context, in an effect the effect's. Overrides made by `withDependencies`, the
/// `.dependency` modifier and `TestStore(…withDependencies:)` reach both.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  // Inlinable, so that reading a dependency is specialised in the module that reads it.
  @usableFromInline let read: @Sendable (DependencyValues) -> Value

  /// Reads the dependency at a property of ``DependencyValues``.
  ///
  /// - Parameter keyPath: The property, as in `\.continuousClock`.
  @inlinable
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    self.read = { $0[keyPath: keyPath] }
  }

  /// Reads the dependency of a key directly, without a property on ``DependencyValues``.
  ///
  /// - Parameter key: The key.
  @inlinable
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.read = { $0[Key.self] }
  }

  /// The dependency's value in force here.
  @inlinable
  public var wrappedValue: Value {
    // Read where the values are bound: copying them out would retain and release their
    // overrides on every read.
    DependencyValues.readInForce { read($0) }
  }
}
