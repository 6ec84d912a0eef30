extension DependencyValues {
  /// The clock that features wait on and time their timers with.
  ///
  /// Live: a `ContinuousClock`. It has no test value: a test that waits on it must say which
  /// clock to use, usually a `TestClock`:
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
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
}
