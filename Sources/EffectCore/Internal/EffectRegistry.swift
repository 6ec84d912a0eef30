/// The running effects of one root store, by cancellation id.
///
/// Each store owns one registry, so one store can never cancel another's effects. It is guarded
/// by a mutex rather than the main actor so that effects leave it when they finish without a hop
/// to the main actor, and so that a store's deinit can cancel everything.
final class EffectRegistry: Sendable {
  private let storage = LockIsolated(Storage())

  fileprivate struct Storage {
    var handles: [ObjectIdentifier: EffectHandle] = [:]
    var byID: [CancelID: [ObjectIdentifier: EffectHandle]] = [:]
    var subscriptions = 0
    var isClosed = false
  }

  /// Registers a handle before its task starts, so that a cancel sent right after always lands.
  ///
  /// - Returns: `false` if the registry was closed (its store is gone): the effect must not run.
  func insert(_ handle: EffectHandle, cancelInFlight: Bool) -> Bool {
    let (accepted, replaced) = storage.withLock { storage -> (Bool, [EffectHandle]) in
      guard !storage.isClosed else { return (false, []) }
      var replaced: [EffectHandle] = []
      let key = ObjectIdentifier(handle)
      for id in handle.ids {
        if cancelInFlight, let running = storage.byID.removeValue(forKey: id) {
          for (runningKey, running) in running {
            storage.forget(runningKey, handle: running)
            replaced.append(running)
          }
        }
        storage.byID[id, default: [:]][key] = handle
      }
      storage.handles[key] = handle
      if handle.isSubscription { storage.subscriptions += 1 }
      return (true, replaced)
    }
    for handle in replaced { handle.cancel() }
    return accepted
  }

  func remove(_ handle: EffectHandle) {
    handle.markFinished()
    storage.withLock { $0.remove(ObjectIdentifier(handle), handle: handle) }
  }

  func cancel(id: CancelID) {
    let cancelled = storage.withLock { storage -> [EffectHandle] in
      guard let running = storage.byID.removeValue(forKey: id) else { return [] }
      for (key, handle) in running { storage.forget(key, handle: handle) }
      return Array(running.values)
    }
    for handle in cancelled { handle.cancel() }
  }

  /// Cancels everything and refuses new effects: the store is going away.
  func close() {
    let cancelled = storage.withLock { storage -> [EffectHandle] in
      storage.isClosed = true
      storage.byID = [:]
      return Array(storage.handles.values)
    }
    for handle in cancelled { handle.cancel() }
  }

  /// Cancels everything that runs now; the registry stays open.
  func cancelAll() {
    let cancelled = storage.withLock { storage -> [EffectHandle] in
      storage.byID = [:]
      return Array(storage.handles.values)
    }
    for handle in cancelled { handle.cancel() }
  }

  /// Actions that effects sent, waiting to be reduced on the main actor, in order.
  private let mailbox = LockIsolated(Mailbox())

  private struct Mailbox {
    var jobs: [@MainActor @Sendable () -> Void] = []
    var isScheduled = false
  }

  /// Runs `job` on the main actor after the jobs posted before it, outside the poster's task:
  /// the task-local values in force where an effect runs never reach the reducer. Jobs posted
  /// while a drain is pending share it, so many effects sending at once (timers ticking in the
  /// same instant) cost one hop, not one task each.
  func post(_ job: @escaping @MainActor @Sendable () -> Void) {
    let schedule = mailbox.withLock { mailbox -> Bool in
      mailbox.jobs.append(job)
      guard !mailbox.isScheduled else { return false }
      mailbox.isScheduled = true
      return true
    }
    guard schedule else { return }
    // A detached task starts with no task-local values.
    Task.detached { @MainActor [self] in drain() }
  }

  @MainActor
  private func drain() {
    while true {
      let jobs = mailbox.withLock { mailbox -> [@MainActor @Sendable () -> Void] in
        defer { mailbox.jobs = [] }
        if mailbox.jobs.isEmpty { mailbox.isScheduled = false }
        return mailbox.jobs
      }
      guard !jobs.isEmpty else { return }
      for job in jobs { job() }
    }
  }

  /// The number of effect tasks that have not returned yet, cancelled ones included.
  /// Subscriptions have no task and do not count.
  var count: Int { storage.withLock { $0.handles.count - $0.subscriptions } }

  var running: [EffectHandle] { storage.withLock { Array($0.handles.values) } }
}

extension EffectRegistry.Storage {
  /// Drops a finished effect.
  fileprivate mutating func remove(_ key: ObjectIdentifier, handle: EffectHandle) {
    guard handles.removeValue(forKey: key) != nil else { return }
    if handle.isSubscription { subscriptions -= 1 }
    forget(key, handle: handle)
  }

  /// Makes a cancelled effect unreachable by id; it stays counted until its task returns.
  fileprivate mutating func forget(_ key: ObjectIdentifier, handle: EffectHandle) {
    for id in handle.ids {
      byID[id]?.removeValue(forKey: key)
      if byID[id]?.isEmpty == true { byID.removeValue(forKey: id) }
    }
  }
}
