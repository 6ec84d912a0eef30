extension Effect {
  /// An effect that hands a way to send actions to something outside the store, and takes it
  /// back when the effect ends — a subscription, without a task.
  ///
  /// `subscribe` runs on the main actor as soon as the store executes the effect, before the
  /// store reduces any other action. Keep the `send` it receives, call it (on the main actor)
  /// whenever there is something to report, and return a closure that unregisters it:
  ///
  /// ```swift
  /// case .onAppear:
  ///   return .subscribe { send in
  ///     let token = settings.observe { theme in send.synchronously(.themeChanged(theme)) }
  ///     return { settings.removeObserver(token) }
  ///   }
  /// ```
  ///
  /// A `send` called while the store is reducing is queued and reduced right after the current
  /// action, in the order of the calls, so that a subscription fed from a reducer delivers
  /// deterministically.
  ///
  /// The subscription ends, and the returned closure runs once, when the effect is cancelled:
  /// by ``cancel(id:)`` when it is ``cancellable(id:cancelInFlight:)``, when the `ifLet` child
  /// or `forEach` element that started it goes away, by `StoreTask.cancel()`, or when the store
  /// is released. After that its `send` does nothing.
  ///
  /// A subscription has no task: `StoreTask.finish()` does not wait for it. A test store counts
  /// it as an effect still running until it is cancelled, as TCA counts a publisher effect: a
  /// test ends it (cancel the `TestStoreTask` of the send that started it, send the action that
  /// cancels it, or `skipInFlightEffects()`), or fails, at that send.
  ///
  /// - Parameter subscribe: Registers `send` and returns what unregisters it.
  /// - Returns: An effect that subscribes when the store runs it.
  public static func subscribe(
    _ subscribe: @escaping @MainActor @Sendable (_ send: Send<Action>) -> @Sendable () -> Void
  ) -> Self {
    Self(operation: .subscribe(EffectSubscription(register: subscribe)))
  }
}
