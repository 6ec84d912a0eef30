import EffectCore

/// Gives work a random number generator, shared and guarded by a lock: a test overrides it with
/// a seeded generator so that "random" results are the same on every run.
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
///
/// case .rollTapped:
///   state.roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
///
/// // In a test:
/// TestStore(initialState: Dice.State()) { Dice() } withDependencies: {
///   $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededGenerator(seed: 0))
/// }
/// ```
public struct WithRandomNumberGenerator: Sendable {
  private let generator: LockIsolated<any RandomNumberGenerator & Sendable>

  /// Wraps a generator; every use of the dependency draws from it in turn.
  ///
  /// - Parameter generator: The generator.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = LockIsolated(generator)
  }

  /// Runs `work` with the generator, holding its lock.
  ///
  /// - Parameter work: Draws random values from the generator.
  /// - Returns: What `work` returns.
  public func callAsFunction<R>(
    _ work: (inout any RandomNumberGenerator & Sendable) throws -> R
  ) rethrows -> R {
    try generator.withLock { try work(&$0) }
  }
}

extension DependencyValues {
  /// A random number generator. Live: the system's. No test value: tests set a seeded one.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}

private enum WithRandomNumberGeneratorKey: DependencyKey {
  static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())

  /// Fails when work draws from it, then draws from the system's generator.
  static var testValue: WithRandomNumberGenerator {
    WithRandomNumberGenerator(UnimplementedRandomNumberGenerator())
  }
}

/// The system's generator, reporting each draw as a test failure.
private struct UnimplementedRandomNumberGenerator: RandomNumberGenerator, Sendable {
  var base = SystemRandomNumberGenerator()

  mutating func next() -> UInt64 {
    DependencyIssue.reportUnimplemented(
      "withRandomNumberGenerator", use: "drew a random number from it",
      fix: "$0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededGenerator(seed: 0))")
    return base.next()
  }
}
