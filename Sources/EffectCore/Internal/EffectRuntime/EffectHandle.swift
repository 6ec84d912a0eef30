/// One running effect, as the registry knows it: a task, or a subscription without one.
///
/// A store with ten thousand running timers has ten thousand handles, so a handle carries no lock
/// of its own: its few fields are guarded by one of a fixed set of locks, chosen by its address.
final class EffectHandle: @unchecked Sendable {
  let ids: [CancelID]
  /// Whether this is a subscription (``Effect/subscribe(_:)``): no task, nothing to wait for;
  /// it lasts until it is cancelled.
  let isSubscription: Bool
  /// Whether this is an operation inside a running effect (`withTaskCancellation(id:)`), which
  /// its effect's own handle already counts.
  let isNested: Bool
  /// The tree of the send that started this effect, whose `StoreTask` covers the effects of
  /// the actions this one sends (see ``EffectTree``); `nil` once nobody holds that task.
  weak let tree: EffectTree?
  // Read and written only inside `withLock`.
  private var task: Task<Void, Never>?
  private var onCancel: (@Sendable () -> Void)?
  private var cancelled = false
  private var finished = false

  init(
    ids: [CancelID], isSubscription: Bool = false, isNested: Bool = false,
    tree: EffectTree? = nil
  ) {
    self.ids = ids
    self.isSubscription = isSubscription
    self.isNested = isNested
    self.tree = tree
  }

  private func withLock<R>(_ body: () -> R) -> R {
    StripedLocks.shared.withLock(for: self, body)
  }

  /// Whether the effect may still deliver actions.
  var isActive: Bool {
    withLock { !cancelled && !finished }
  }

  var isCancelled: Bool {
    withLock { cancelled }
  }

  var isFinished: Bool {
    withLock { finished }
  }

  /// Whether nothing is left to wait for: the task returned, or this is a subscription.
  var isSettled: Bool {
    isSubscription || isFinished
  }

  func attach(_ task: Task<Void, Never>) {
    let cancelled = withLock {
      self.task = task
      return self.cancelled
    }
    if cancelled { task.cancel() }
  }

  /// Sets what cancelling runs, once; runs it at once if the handle is already cancelled.
  func attach(onCancel: @escaping @Sendable () -> Void) {
    let cancelled = withLock {
      if !self.cancelled { self.onCancel = onCancel }
      return self.cancelled
    }
    if cancelled { onCancel() }
  }

  func cancel() {
    let (task, onCancel) = withLock {
      cancelled = true
      defer { self.onCancel = nil }
      return (self.task, self.onCancel)
    }
    task?.cancel()
    onCancel?()
  }

  func markFinished() {
    withLock { finished = true }
  }

  /// The address of the effect's task, as ``ClockActivity`` tracks it; `nil` before it is made,
  /// and for a subscription.
  var taskAddress: UInt? {
    withLock { task.map { unsafeBitCast($0, to: UInt.self) } }
  }

  /// Waits until the effect's task has returned; a subscription has none.
  func wait() async {
    await withLock { task }?.value
  }
}

/// A fixed set of locks shared by many small objects, each object always using the same one.
///
/// Plain system locks (`SystemLock`), locked and unlocked around the caller's code:
/// ThreadSanitizer sees them, and no value of their own is guarded (a `LockIsolated<Void>` would
/// make TSan take its empty value's accesses for races).
final class StripedLocks: @unchecked Sendable {
  static let shared = StripedLocks(count: 64)

  // Initialised once, never moved or freed: the process keeps one set.
  private let mutexes: [SystemLock]

  init(count: Int) {
    mutexes = (0..<count).map { _ in SystemLock() }
  }

  func withLock<R>(for object: AnyObject, _ body: () -> R) -> R {
    // The address itself, not its `hashValue` (which would run `Hasher` on every lock). Objects
    // are 16-byte aligned on 64-bit platforms: the low bits say nothing (on 32-bit ones, 8-byte
    // aligned, every other stripe is used, which only spreads the locks less).
    let address = UInt(bitPattern: ObjectIdentifier(object))
    let mutex = mutexes[Int((address >> 4) % UInt(mutexes.count))]
    mutex.lock()
    defer { mutex.unlock() }
    return body()
  }
}
