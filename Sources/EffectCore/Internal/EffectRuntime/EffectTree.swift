/// The effects of one send, and of every action those effects sent back, transitively: what a
/// ``StoreTask`` waits for and cancels.
///
/// TCA appends the task of each action an effect sends to the tasks of the send that started
/// the effect, so that `await store.send(.task).finish()` in SwiftUI's `.task` (and a test
/// store's `task.cancel()`) ends what the effects caused, not only the effects themselves. Here
/// an effect's handle knows its tree (weakly: only the `StoreTask` keeps a tree alive, and
/// nobody asks what a dropped one covered), and the store starts the effects of an action an
/// effect delivers in that effect's tree.
///
/// Handles join a tree on the main actor only, in the order the store starts them; they are
/// read from any task (`finish()`, a cancellation handler). A tree that lives long (the send of
/// a screen's `.task`, whose stream of actions starts effects for as long as the screen is up)
/// lets go of its finished effects now and then, so that it does not grow with every action. Its fields are guarded by the same
/// striped locks as the handles': a tree is made for every send that starts an effect, and a
/// lock of its own would be one more allocation each time. No handle's method is called with
/// the lock held (both may be guarded by one stripe).
final class EffectTree: @unchecked Sendable {
  // Read and written only inside `withLock`.
  private var handles: [EffectHandle] = []
  private var cancelled = false
  /// Whether an effect let go of by ``prune()`` had finished without being cancelled: the tree
  /// is not all cancelled then.
  private var droppedUncancelled = false
  /// How many effects have joined, those let go of included.
  private var joined = 0
  /// How many effects the tree holds before ``prune()`` looks for finished ones again: twice
  /// what it kept last time, so that a tree of many running effects is not scanned on every
  /// send.
  private var pruneAt = 64

  /// The tree of the effect whose action the store is delivering now (see
  /// `Send.deliverNow(_:)`): the store starts that action's effects in it.
  @MainActor static var delivering: EffectTree?

  private func withLock<R>(_ body: () -> R) -> R {
    StripedLocks.shared.withLock(for: self, body)
  }

  /// Adds a started effect; cancels it at once when the tree was cancelled already, as the
  /// effect of an action that a cancelled effect managed to send must not outlive it.
  func add(_ handle: EffectHandle) {
    let cancelNow = withLock {
      handles.append(handle)
      joined += 1
      return cancelled
    }
    if cancelNow { handle.cancel() }
  }

  /// The handles from `index` on, in the order they joined.
  func handles(from index: Int) -> ArraySlice<EffectHandle> {
    withLock { handles[index...] }
  }

  /// How many effects the tree holds.
  var count: Int { withLock { handles.count } }

  /// Lets go of the finished effects once the tree holds many: called on the main actor before
  /// a send starts effects in it (never while one does, so that the handles an action started
  /// are the last ones).
  @MainActor
  func prune() {
    let held = withLock { handles.count >= pruneAt ? handles : [] }
    guard !held.isEmpty else { return }
    // Read outside the tree's lock: a handle's lock may be the same stripe.
    let finished = held.filter(\.isFinished)
    let uncancelled = finished.contains { !$0.isCancelled }
    let dropped = Set(finished.map(ObjectIdentifier.init))
    withLock {
      if !dropped.isEmpty { handles.removeAll { dropped.contains(ObjectIdentifier($0)) } }
      if uncancelled { droppedUncancelled = true }
      pruneAt = Swift.max(64, handles.count * 2)
    }
  }

  private var all: [EffectHandle] { withLock { handles } }

  /// Cancels every effect in the tree, and every one that joins it later.
  func cancel() {
    let all = withLock {
      cancelled = true
      return handles
    }
    for handle in all { handle.cancel() }
  }

  /// Waits until every effect of the tree has returned, those that join while it waits
  /// included; subscriptions have nothing to wait for.
  func wait() async {
    // Until a pass over every effect held finds that none joined meanwhile (``prune()`` may
    // move the handles, so no index into them is kept across a wait).
    var waitedFor = -1
    while true {
      let (held, joined) = withLock { (handles, self.joined) }
      if joined == waitedFor { return }
      for handle in held { await handle.wait() }
      waitedFor = joined
    }
  }

  /// Whether every effect has returned; subscriptions do not count.
  var isFinished: Bool { all.allSatisfy(\.isSettled) }

  /// Whether every effect has returned and every subscription has ended (been cancelled): what
  /// a test store waits for.
  var isEnded: Bool { all.allSatisfy(\.isFinished) }

  /// Whether every effect was cancelled.
  var isCancelled: Bool {
    let (held, droppedUncancelled) = withLock { (handles, self.droppedUncancelled) }
    return !droppedUncancelled && held.allSatisfy(\.isCancelled)
  }

  /// The addresses of the effects' tasks, as ``ClockActivity`` tracks them.
  var taskAddresses: [UInt] { all.compactMap(\.taskAddress) }
}
