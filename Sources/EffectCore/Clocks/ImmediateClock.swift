/// A clock on which every sleep returns at once, with the clock's time moved to its deadline.
///
/// Use it where a feature waits but the test doesn't care how long: debounces, animations,
/// retries.
///
/// ```swift
/// let store = TestStore(initialState: Feature.State()) { Feature(clock: ImmediateClock()) }
/// ```
public final class ImmediateClock<Duration: DurationProtocol & Hashable & Sendable>: Clock,
  Sendable
{
  /// A point in an immediate clock's time: an offset from the clock's start.
  public typealias Instant = TestClock<Duration>.Instant

  private let current: LockIsolated<Instant>

  /// The smallest step the clock can measure.
  public let minimumResolution: Duration

  /// Creates an immediate clock.
  ///
  /// - Parameters:
  ///   - now: The starting instant.
  ///   - minimumResolution: The clock's resolution.
  public init(now: Instant = Instant(), minimumResolution: Duration = .zero) {
    self.current = LockIsolated(now)
    self.minimumResolution = minimumResolution
  }

  /// The clock's current time: the latest deadline slept until.
  public var now: Instant { current.withLock { $0 } }

  /// Returns at once (after a yield), moving the clock's time to `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to sleep until.
  ///   - tolerance: Ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { if deadline > $0 { $0 = deadline } }
    await Task.yield()
    try Task.checkCancellation()
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// Creates an immediate clock that measures time in `Duration`.
  public convenience init() {
    self.init(now: Instant(), minimumResolution: .zero)
  }
}
