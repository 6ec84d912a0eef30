import EffectCore

extension DependencyValues {
  /// The clock that features wait on and time their timers with: one that keeps counting while
  /// the device sleeps.
  ///
  /// Live: a `ContinuousClock`. Test: an `UnimplementedClock`, as in swift-dependencies: sleeping
  /// on it or asking it the time fails the test (reading or setting it does not), then it acts as
  /// an `ImmediateClock`. Tests set a `TestClock` or an `ImmediateClock`:
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
  /// Live: a `SuspendingClock`. Test: as ``continuousClock``, an `UnimplementedClock`.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> {
    UnimplementedClock(name: #"@Dependency(\.continuousClock)"#)
  }
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static var testValue: any Clock<Duration> {
    UnimplementedClock(name: #"@Dependency(\.suspendingClock)"#)
  }
}
