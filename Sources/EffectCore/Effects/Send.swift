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
  /// Whether the work this was made for is all that runs in `handle`'s task, so that the work
  /// ends the effect itself (``finishEffect()``) and the task needs no closure of its own.
  let finishesEffect: Bool
  /// The contexts that the effect's action transforms (``Effect/map(_:)``) run inside, if any.
  let boundary: DeliveryBoundary?

  /// Creates a `Send` that calls a closure, for driving an effect's operation by hand in tests.
  ///
  /// - Parameter send: Receives every action sent.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.init(deliver: send, handle: nil, registry: nil)
  }

  init(
    deliver: @escaping @MainActor @Sendable (Action) -> Void,
    handle: EffectHandle?,
    registry: EffectRegistry?,
    finishesEffect: Bool = false,
    boundary: DeliveryBoundary? = nil
  ) {
    self.deliver = deliver
    self.handle = handle
    self.registry = registry
    self.finishesEffect = finishesEffect
    self.boundary = boundary
  }

  /// Sends an action into the store, unless the effect has been cancelled or has finished, and
  /// returns once the store has reduced it.
  ///
  /// The store reduces the action on the main actor, outside the effect's task: the task-local
  /// values that contexts put around the effect (namespaces, dependency overrides) do not leak
  /// into the reducer, which enters its own contexts again from the root.
  ///
  /// A `send` called while the store is reducing (from a subscription fed by a reducer) is
  /// queued and reduced right after the current action.
  ///
  /// - Parameter action: The action to send.
  public func callAsFunction(_ action: Action) async {
    await deliver(boxed: UncheckedSendable(action))
  }

  /// Sends an action into the store from the main actor, synchronously: what a subscription's
  /// source does (see ``Effect/subscribe(_:)``). While the store is reducing, the action is
  /// queued and reduced right after the current one.
  ///
  /// ```swift
  /// return .subscribe { send in
  ///   let token = center.observe { value in send.synchronously(.changed(value)) }
  ///   return { center.remove(token) }
  /// }
  /// ```
  ///
  /// It runs in the caller's task, so task-local values in force there reach the reducer;
  /// effects use `await send(_:)`, which does not let theirs through.
  ///
  /// - Parameter action: The action to send.
  @MainActor
  public func synchronously(_ action: Action) {
    guard let handle else {
      guard !Task.isCancelled else { return }
      return deliverNow(action)
    }
    // A subscription's `send` is called from whatever task reports to it, whose cancellation
    // says nothing about the subscription.
    guard handle.isActive, handle.isSubscription || !Task.isCancelled else { return }
    deliverNow(action)
  }

  /// Delivers an action on the main actor: its transforms run inside the contexts of the
  /// reducers that returned the effect, the store's own delivery outside them.
  ///
  /// The effects the action starts join the tree of the send that started this effect (see
  /// ``EffectTree``), as TCA appends them to that send's tasks.
  @MainActor
  func deliverNow(_ action: Action) {
    guard let handle else { return deliverInside(action) }
    let outer = EffectTree.delivering
    EffectTree.delivering = handle.tree
    defer { EffectTree.delivering = outer }
    deliverInside(action)
  }

  @MainActor
  private func deliverInside(_ action: Action) {
    guard let boundary else { return deliver(action) }
    boundary.contexts.withContext { deliver(action) }
    boundary.flush()
  }

  /// Sends an action that an effect description carried across to the effect's task.
  func deliver(boxed action: UncheckedSendable<Action>) async {
    guard !Task.isCancelled, handle?.isActive ?? true else { return }
    let handle = self.handle
    guard let registry else {
      // A `Send` made by hand, outside any store: a detached task starts with no task-local
      // values, like the store's mailbox.
      await Task.detached(priority: Task.currentPriority) { @MainActor [self] in
        deliverNow(action.value)
      }.value
      return
    }
    let progressing = ClockActivity.progressingTask
    // The job resumes it once, on its one path (see `ResumedOnce`).
    await suspend { (continuation: ResumedOnce<Void, Never>) in
      registry.post { [self] in
        ClockActivity.delivering(from: progressing) {
          if handle?.isActive ?? true { deliverNow(action.value) }
        }
        continuation.resume()
      }
    }
  }

  func map<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let deliver = self.deliver
    return Send<Child>(
      deliver: { deliver(transform($0)) }, handle: handle, registry: registry,
      finishesEffect: finishesEffect, boundary: boundary)
  }

  /// The same way in, for the effect of `handle`; with `finishing`, for work that is all its
  /// task runs and that ends the effect when it returns.
  func with(handle: EffectHandle, finishing: Bool = false) -> Self {
    Self(
      deliver: deliver, handle: handle, registry: registry, finishesEffect: finishing,
      boundary: boundary)
  }

  /// The same way in, for work that runs inside another effect's task: it must not end that
  /// effect when it returns.
  var withoutFinishing: Self {
    Self(deliver: deliver, handle: handle, registry: registry, boundary: boundary)
  }

  /// The same way in, with the actions' transforms run inside `contexts`: the contexts that were
  /// around the effect where reducers built and mapped it. The store's delivery (and with it
  /// the next reduce, which enters its own contexts from the root) stays outside them.
  func transforming(inside contexts: [any ReducerContext]) -> Self {
    guard !contexts.isEmpty else { return self }
    let pending = PendingAction<Action>()
    let outer = self
    let boundary = DeliveryBoundary(contexts: InheritedContexts(contexts: contexts)) {
      if let action = pending.take() { outer.deliverNow(action) }
    }
    return Self(
      deliver: { pending.action = $0 }, handle: handle, registry: registry,
      finishesEffect: finishesEffect, boundary: boundary)
  }

  /// Ends the effect this work runs for, when the work is all its task runs: the effect leaves
  /// the registry and whoever waits for it resumes.
  func finishEffect() {
    guard finishesEffect, let handle, let registry else { return }
    registry.remove(handle)
    ClockActivity.ended()
  }
}

/// Where an effect's actions leave the contexts their transforms ran in: see
/// ``Send/transforming(inside:)``.
final class DeliveryBoundary: Sendable {
  let contexts: InheritedContexts
  /// Delivers the action the transforms produced, outside `contexts`.
  let flush: @MainActor @Sendable () -> Void

  init(contexts: InheritedContexts, flush: @escaping @MainActor @Sendable () -> Void) {
    self.contexts = contexts
    self.flush = flush
  }
}

/// The action a delivery's transforms produced, held for a moment on the main actor between the
/// transforms (inside the contexts) and the store's delivery (outside them).
final class PendingAction<Action>: @unchecked Sendable {
  // Only touched on the main actor, inside one delivery.
  var action: Action?

  func take() -> Action? {
    defer { action = nil }
    return action
  }
}
