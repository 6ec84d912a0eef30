extension Effect {
  /// Waits `duration` on `clock` before starting this effect, and cancels a debounced effect with
  /// the same id that is still waiting or running: of a burst of actions, only the last one's
  /// effect runs, `duration` after it. TCA's `debounce(id:for:scheduler:)`, on a `Clock`.
  ///
  /// ```swift
  /// case .searchQueryChanged(let query):
  ///   state.query = query
  ///   return .run { send in await send(.results(try await search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// In a test, advance the `TestClock` past `duration` to let the effect start.
  ///
  /// As TCA's, it takes any effect: the action need not be `Sendable`.
  ///
  /// - Parameters:
  ///   - id: The effect's cancellation id; `.cancel(id:)` with it cancels the effect too.
  ///   - duration: How long to wait before starting.
  ///   - clock: The clock to wait on, usually a dependency (`@Dependency(\.continuousClock)`).
  /// - Returns: The debounced effect; `.none` stays `.none`.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Self {
    guard !isNone else { return .none }
    return .concatenate(
      .run { _ in try await clock.sleep(for: duration) },
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }
}
