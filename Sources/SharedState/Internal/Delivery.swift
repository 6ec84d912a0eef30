#if canImport(Foundation)
  import Foundation
#endif

/// Hands a value to the `send`s of subscriptions, which live on the main actor.
///
/// From a reducer — which runs on the main actor, inside its store's send loop — the call is
/// synchronous, so the store queues the resulting actions right behind the current one and a
/// test store sees them in a fixed order. From anywhere else (an effect writing to its parent)
/// it hops to the main actor, in the order of the calls.
func deliver<Value: Sendable>(
  _ value: Value, to receivers: [@MainActor @Sendable (Value) -> Void]
) {
  guard !receivers.isEmpty else { return }
  if isMainThread {
    MainActor.assumeIsolated {
      for receive in receivers { receive(value) }
    }
  } else {
    Task { @MainActor in
      for receive in receivers { receive(value) }
    }
  }
}

private var isMainThread: Bool {
  #if canImport(Foundation)
    Thread.isMainThread
  #else
    false
  #endif
}
