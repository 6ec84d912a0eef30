/// Reads a dependency from the values in force where it is made and where it is used.
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
/// As in swift-dependencies, the property keeps the values in force when it was *created*, and
/// every access reads them merged with the values in force where the access happens, whose own
/// overrides win. So a model made inside `withDependencies` keeps its overrides after
/// `withDependencies` returns, when a button calls its methods:
///
/// ```swift
/// @MainActor @Observable final class FeatureModel {
///   @ObservationIgnored @Dependency(\.apiClient) var apiClient
///   func reloadTapped() async throws { users = try await apiClient.fetchUsers() }
/// }
/// let model = withDependencies { $0.apiClient = .mock } operation: { FeatureModel() }
/// try await model.reloadTapped()   // uses .mock
/// ```
///
/// In a reducer, that is the reducer's context; in an effect, the effect's. Overrides made by
/// `withDependencies`, the `.dependency` modifier, test traits and `TestStore(…withDependencies:)`
/// reach both.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  // Inlinable, so that reading a dependency is specialised in the module that reads it.
  @usableFromInline let read: @Sendable (UnsafePointer<DependencyValues>) -> Value

  /// The values in force where the property was created.
  @usableFromInline let initialValues: DependencyValues

  /// Reads the dependency at a property of ``DependencyValues``.
  ///
  /// - Parameter keyPath: The property, as in `\.continuousClock`.
  @inlinable
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    // The class, not the existential: applying it then needs no opening.
    let keyPath = UncheckedSendable(keyPath as KeyPath<DependencyValues, Value>)
    self.init(readingAt: { $0.pointee[keyPath: keyPath.value] })
  }

  /// Reads the dependency of a key directly, without a property on ``DependencyValues``.
  ///
  /// - Parameter key: The key.
  @inlinable
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.init(readingAt: { $0.pointee[Key.self] })
  }

  /// Reads a dependency with `read`, from the values in force here merged with those where it
  /// is used: what `Dependency(_:as:)` in InjectionTestSupport builds on.
  @inlinable
  package init(reading read: @escaping @Sendable (DependencyValues) -> Value) {
    self.init(readingAt: { read($0.pointee) })
  }

  /// Reads a dependency with `read`, given the address of the values to read.
  @inlinable
  init(readingAt read: @escaping @Sendable (UnsafePointer<DependencyValues>) -> Value) {
    self.read = read
    self.initialValues = DependencyValues.inForce
  }

  /// The dependency's value: from the values in force here, over those in force where the
  /// property was created.
  @inlinable
  public var wrappedValue: Value {
    // Read where the values are bound: copying them out would retain and release their
    // overrides on every read.
    let current = DependencyValues.inForceAddress()
    if initialValues.addsNothing(toValuesWithIdentity: current.pointee.identity) {
      return read(current)
    }
    return readMerged(with: current.pointee)
  }

  /// Reads through the values captured at creation with `current`'s laid over them, in force
  /// while the value is made (a default that reads other dependencies sees them too).
  @usableFromInline
  func readMerged(with current: borrowing DependencyValues) -> Value {
    let merged = initialValues.merging(copy current)
    return DependencyValues.$_current.withValue(merged) {
      withUnsafePointer(to: merged) { read($0) }
    }
  }
}

extension Dependency: CapturesDependencies {
  var capturedValues: DependencyValues { initialValues }
}

/// Something that captured the dependencies in force when it was made: a `@Dependency`
/// property, which ``withDependencies(from:operation:fileID:filePath:line:column:)`` finds in a
/// model by reflection.
protocol CapturesDependencies {
  var capturedValues: DependencyValues { get }
}
