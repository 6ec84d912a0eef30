extension Effect {
  /// Lets at most one action of throttled effects with the same id through per `interval` on
  /// `clock`. TCA's `throttle(id:for:scheduler:latest:)`, on a `Clock`.
  ///
  /// The first action goes through at once and opens a window of `interval`. An action inside the
  /// window waits for its end: a throttled effect started meanwhile cancels the waiting one, and
  /// at the end the window sends the latest action (`latest: true`) or the first one that waited
  /// (`latest: false`), and opens the next window. An action after the window goes through at
  /// once.
  ///
  /// ```swift
  /// case .volumeChanged(let volume):
  ///   return .run { send in await send(.saveVolume(volume)) }
  ///     .throttle(id: CancelID.volume, for: .seconds(1), clock: clock, latest: true)
  /// ```
  ///
  /// Windows belong to the store that runs the effects (so parallel tests never share one), and
  /// are kept per id, as TCA keeps them. As TCA's, it takes any effect: the action need not be
  /// `Sendable`.
  ///
  /// - Parameters:
  ///   - id: The throttle's id, also the effect's cancellation id.
  ///   - interval: The length of a window.
  ///   - clock: The clock windows are measured on, usually a dependency.
  ///   - latest: Whether a window sends the latest action that waited, or the first.
  /// - Returns: The throttled effect; `.none` stays `.none`.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for interval: C.Duration,
    clock: C,
    latest: Bool
  ) -> Self {
    guard !isNone else { return .none }
    let key = AnyHashableSendable(id)
    // The effect and its actions stay inside this one effect's task (its actions go from the
    // inner effect to the window, then out through `send`, one at a time), as they do in TCA's,
    // which asks nothing of them either.
    let inner = UncheckedSendable(self)
    return .run { send in
      let windows = ThrottleWindows.of(send.registry)
      let (actions, continuation) = AsyncStream<UncheckedSendable<Action>>.makeStream()
      async let running: Void = {
        await inner.value.runToCompletion(
          Send(
            deliver: { continuation.yield(UncheckedSendable($0)) }, handle: nil,
            registry: send.registry))
        continuation.finish()
      }()
      for await boxed in actions {
        switch windows.admit(
          boxed.value, id: key, at: clock.now, interval: interval, latest: latest)
        {
        case .now(let action):
          await send.deliver(boxed: UncheckedSendable(action))
        case .at(let deadline, let action):
          let waiting = UncheckedSendable(action)
          try await clock.sleep(until: deadline, tolerance: nil)
          windows.open(id: key, at: clock.now)
          await send.deliver(boxed: waiting)
        }
      }
      await running
    }
    .cancellable(id: id, cancelInFlight: true)
  }
}
