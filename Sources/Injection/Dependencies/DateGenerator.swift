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
  private var generate: @Sendable () -> Date

  /// A generator that calls a closure.
  ///
  /// - Parameter generate: Returns the date to use.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date; setting it makes the generator tell that date from then on, as
  /// swift-dependencies' does.
  ///
  /// ```swift
  /// store.dependencies.date.now = Date(timeIntervalSince1970: 0)
  /// TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
  ///   $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
  /// }
  /// ```
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// The current date.
  public func callAsFunction() -> Date { generate() }

  /// The system's date.
  public static var now: Self { Self { Date() } }

  /// The date that follows a clock: `start` when the generator is made, then as much later as
  /// the clock has advanced since. Made from a `TestClock`, one virtual clock drives both what a
  /// feature sleeps on and the date it reads, as TCA's `RunLoop.test` scheduler did.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
  ///   $0.continuousClock = clock
  ///   $0.date = .following(clock, startingAt: Date(timeIntervalSince1970: 0))
  /// }
  /// await clock.advance(by: .seconds(5))   // date.now is now 1970-01-01 00:00:05
  /// ```
  ///
  /// - Parameters:
  ///   - clock: The clock to follow.
  ///   - start: The date at the clock's present instant.
  /// - Returns: The generator.
  public static func following<C: Clock>(_ clock: C, startingAt start: Date) -> Self
  where C.Duration == Duration {
    let origin = clock.now
    return Self {
      let elapsed = origin.duration(to: clock.now).components
      return start.addingTimeInterval(
        TimeInterval(elapsed.seconds) + TimeInterval(elapsed.attoseconds) / 1e18)
    }
  }

  /// Always the same date: for tests.
  ///
  /// - Parameter date: The date to tell.
  /// - Returns: The generator.
  public static func constant(_ date: Date) -> Self { Self { date } }
}

extension DependencyValues {
  /// The current date. Live: the system's. In tests, telling the date without an override is a
  /// test failure (set `.constant(…)`, or `$0.date.now = …`); reading the generator to set its
  /// `now` is not.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator.now

  /// Fails when it tells a date, not when it is read: `$0.date.now = date` reads it first, as
  /// swift-dependencies' unimplemented generator allows.
  static var testValue: DateGenerator {
    DateGenerator {
      DependencyIssue.reportUnimplemented(
        "date", use: "asked it for the date", fix: "$0.date.now = Date(timeIntervalSince1970: 0)")
      return Date()
    }
  }
}
