/// A clock of any type that measures time in `Duration`, erased: what swift-clocks' `AnyClock`
/// is, for a stored property or a dependency that must hold one concrete type.
///
/// ```swift
/// let clock = AnyClock(ContinuousClock())
/// try await clock.sleep(for: .seconds(1))
/// ```
///
/// Its instants count from the wrapped clock's `now` at the moment it was wrapped. An existential
/// `any Clock<Duration>` does the same job without wrapping, and is what the toolkit's
/// `\.continuousClock` dependency holds.
public final class AnyClock<Duration: DurationProtocol & Hashable & Sendable>: Clock, Sendable {
  /// A point in an erased clock's time: an offset from the instant it was wrapped at.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the wrapped clock's instant at wrapping.
    public let offset: Duration

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let currentTime: @Sendable () -> Instant
  private let resolution: @Sendable () -> Duration
  private let sleeper: @Sendable (Instant, Duration?) async throws -> Void

  /// Wraps a clock.
  ///
  /// - Parameter clock: The clock; its instant now becomes this clock's zero.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let start = clock.now
    currentTime = { Instant(offset: start.duration(to: clock.now)) }
    resolution = { clock.minimumResolution }
    sleeper = { deadline, tolerance in
      try await clock.sleep(until: start.advanced(by: deadline.offset), tolerance: tolerance)
    }
  }

  /// The wrapped clock's time, as an offset from when it was wrapped.
  public var now: Instant { currentTime() }

  /// The wrapped clock's resolution.
  public var minimumResolution: Duration { resolution() }

  /// Sleeps on the wrapped clock until `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Passed to the wrapped clock.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleeper(deadline, tolerance)
  }
}
