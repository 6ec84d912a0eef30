#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Tells the current date: `date.now`, or `date()`.
///
/// ```swift
/// @Dependency(\.date) var date
/// state.createdAt = date.now
/// ```
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// A generator that calls a closure.
  ///
  /// - Parameter generate: Returns the date to use.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date.
  public var now: Date { generate() }

  /// The current date.
  public func callAsFunction() -> Date { generate() }

  /// The system's date.
  public static var now: Self { Self { Date() } }

  /// Always the same date: for tests.
  ///
  /// - Parameter date: The date to tell.
  /// - Returns: The generator.
  public static func constant(_ date: Date) -> Self { Self { date } }
}

extension DependencyValues {
  /// The current date. Live: the system's. No test value: tests set `.constant(…)`.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator.now
}
