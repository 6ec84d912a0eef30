/// One running effect, as the registry knows it: a task, or a subscription without one.
final class EffectHandle: Sendable {
  let ids: [CancelID]
  /// Whether this is a subscription (``Effect/subscribe(_:)``): no task, nothing to wait for;
  /// it lasts until it is cancelled.
  let isSubscription: Bool
  private let state = LockIsolated(State())

  private struct State {
    var task: Task<Void, Never>?
    var onCancel: (@Sendable () -> Void)?
    var isCancelled = false
    var isFinished = false
  }

  init(ids: [CancelID], isSubscription: Bool = false) {
    self.ids = ids
    self.isSubscription = isSubscription
  }

  /// Whether the effect may still deliver actions.
  var isActive: Bool {
    state.withLock { !$0.isCancelled && !$0.isFinished }
  }

  var isCancelled: Bool {
    state.withLock { $0.isCancelled }
  }

  var isFinished: Bool {
    state.withLock { $0.isFinished }
  }

  /// Whether nothing is left to wait for: the task returned, or this is a subscription.
  var isSettled: Bool {
    isSubscription || isFinished
  }

  func attach(_ task: Task<Void, Never>) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    if cancelled { task.cancel() }
  }

  /// Sets what cancelling runs, once; runs it at once if the handle is already cancelled.
  func attach(onCancel: @escaping @Sendable () -> Void) {
    let cancelled = state.withLock { state in
      if !state.isCancelled { state.onCancel = onCancel }
      return state.isCancelled
    }
    if cancelled { onCancel() }
  }

  func cancel() {
    let (task, onCancel) = state.withLock { state in
      state.isCancelled = true
      defer { state.onCancel = nil }
      return (state.task, state.onCancel)
    }
    task?.cancel()
    onCancel?()
  }

  func markFinished() {
    state.withLock { $0.isFinished = true }
  }

  /// Waits until the effect's task has returned; a subscription has none.
  func wait() async {
    await state.withLock(\.task)?.value
  }
}
