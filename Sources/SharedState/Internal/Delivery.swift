/// Hands a value to the `send`s of subscriptions, which live on the main actor.
///
/// From a reducer — which runs on its store's actor, the main actor, inside the store's send
/// loop — the call is synchronous, so the store queues the resulting actions right behind the
/// current one and a test store sees them in a fixed order. From anywhere else (an effect that
/// writes to its parent) it hops to the main actor, in the order of the calls.
///
/// - Parameters:
///   - value: The value to hand over.
///   - receivers: The subscriptions' receivers, in order.
///   - isReducing: Whether the caller is a reducer run by a store.
func deliver<Value: Sendable>(
  _ value: Value, to receivers: [@MainActor @Sendable (Value) -> Void], isReducing: Bool
) {
  guard !receivers.isEmpty else { return }
  if isReducing {
    MainActor.assumeIsolated {
      for receive in receivers { receive(value) }
    }
  } else {
    Task { @MainActor in
      for receive in receivers { receive(value) }
    }
  }
}
