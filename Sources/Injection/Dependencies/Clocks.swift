extension DependencyValues {
  /// The clock that features wait on and time their timers with: one that keeps counting while
  /// the device sleeps.
  ///
  /// Live: a `ContinuousClock`. In tests, sleeping on it or asking it the time without an
  /// override is a test failure (reading or setting it is not); tests set a `TestClock` or an
  /// `ImmediateClock`:
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
  ///   $0.continuousClock = clock
  /// }
  /// ```
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// A clock that stops while the device sleeps.
  ///
  /// Live: a `SuspendingClock`. In tests, as ``continuousClock``: using it without an override is
  /// a test failure.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> {
    ReportingClock(base: ContinuousClock(), property: "continuousClock")
  }
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static var testValue: any Clock<Duration> {
    ReportingClock(base: SuspendingClock(), property: "suspendingClock")
  }
}

/// A clock that reports every use as a test failure, then does what `base` does: the test value
/// of the built-in clocks.
private struct ReportingClock<Base: Clock<Duration>>: Clock {
  let base: Base
  let property: String

  var now: Base.Instant {
    report("asked it for the time")
    return base.now
  }

  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Base.Instant, tolerance: Duration?) async throws {
    report("slept on it")
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  private func report(_ use: String) {
    DependencyIssue.reportUnimplemented(property, use: use, fix: "$0.\(property) = TestClock()")
  }
}
