import Synchronization

/// One running effect task, as the registry knows it.
final class EffectHandle: Sendable {
  let ids: [CancelID]
  private let state = Mutex(State())

  private struct State {
    var task: Task<Void, Never>?
    var isCancelled = false
    var isFinished = false
  }

  init(ids: [CancelID]) {
    self.ids = ids
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

  func attach(_ task: Task<Void, Never>) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    if cancelled { task.cancel() }
  }

  func cancel() {
    let task = state.withLock { state in
      state.isCancelled = true
      return state.task
    }
    task?.cancel()
  }

  func markFinished() {
    state.withLock { $0.isFinished = true }
  }

  /// Waits until the effect's task has returned.
  func wait() async {
    await state.withLock(\.task)?.value
  }
}
