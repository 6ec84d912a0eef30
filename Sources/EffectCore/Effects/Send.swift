/// Sends actions from an effect back into the store that runs it.
///
/// `Send` is callable; it hops to the main actor, where the store lives:
///
/// ```swift
/// return .run { send in
///   await send(.started)
///   for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
/// }
/// ```
///
/// Once its effect has finished or been cancelled, calling it does nothing: a cancelled effect
/// never delivers another action.
public struct Send<Action>: Sendable {
  let deliver: @MainActor @Sendable (Action) -> Void
  let handle: EffectHandle?
  let registry: EffectRegistry?

  /// Creates a `Send` that calls a closure, for driving an effect's operation by hand in tests.
  ///
  /// - Parameter send: Receives every action sent.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.init(deliver: send, handle: nil, registry: nil)
  }

  init(
    deliver: @escaping @MainActor @Sendable (Action) -> Void,
    handle: EffectHandle?,
    registry: EffectRegistry?
  ) {
    self.deliver = deliver
    self.handle = handle
    self.registry = registry
  }

  /// Sends an action into the store, unless the effect has been cancelled or has finished.
  ///
  /// A `send` called while the store is reducing (from a subscription fed by a reducer) is
  /// queued and reduced right after the current action.
  ///
  /// - Parameter action: The action to send.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard let handle else {
      guard !Task.isCancelled else { return }
      return deliver(action)
    }
    // A subscription's `send` is called from whatever task reports to it, whose cancellation
    // says nothing about the subscription.
    guard handle.isActive, handle.isSubscription || !Task.isCancelled else { return }
    deliver(action)
  }

  /// Sends an action that an effect description carried across to the effect's task.
  @MainActor
  func deliver(boxed action: UncheckedSendable<Action>) {
    self(action.value)
  }

  func map<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let deliver = self.deliver
    return Send<Child>(
      deliver: { deliver(transform($0)) }, handle: handle, registry: registry)
  }

  func with(handle: EffectHandle) -> Self {
    Self(deliver: deliver, handle: handle, registry: registry)
  }
}
