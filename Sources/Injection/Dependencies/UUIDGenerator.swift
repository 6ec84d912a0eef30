import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes UUIDs: `uuid()`.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// state.todos.append(Todo(id: uuid()))
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls a closure.
  ///
  /// - Parameter generate: Returns the next UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// The next UUID.
  public func callAsFunction() -> UUID { generate() }

  /// Random UUIDs.
  public static var random: Self { Self { UUID() } }

  /// Always the same UUID: for tests.
  ///
  /// - Parameter uuid: The UUID to return.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> Self { Self { uuid } }

  /// `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002` and so on: for tests. Each
  /// use of `.incrementing` counts from zero on its own; the n-th UUID it makes is `UUID(n)`.
  public static var incrementing: Self {
    let counter = Atomic<Int>(0)
    return Self { UUID(counter.add(1, ordering: .relaxed).oldValue) }
  }
}

extension DependencyValues {
  /// Makes UUIDs. Live: random. In tests, making a UUID without an override is a test failure
  /// (set `.incrementing` or `.constant(…)`); reading or setting the generator is not.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.random

  /// Fails when it makes a UUID, then makes a random one.
  static var testValue: UUIDGenerator {
    UUIDGenerator {
      DependencyIssue.reportUnimplemented(
        "uuid", use: "made a UUID with it", fix: "$0.uuid = .incrementing")
      return UUID()
    }
  }
}
