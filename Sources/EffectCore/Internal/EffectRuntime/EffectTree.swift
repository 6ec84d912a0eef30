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
/// read from any task (`finish()`, a cancellation handler). Its fields are guarded by the same
/// striped locks as the handles': a tree is made for every send that starts an effect, and a
/// lock of its own would be one more allocation each time. No handle's method is called with
/// the lock held (both may be guarded by one stripe).
final class EffectTree: @unchecked Sendable {
  // Read and written only inside `withLock`.
  private var handles: [EffectHandle] = []
  private var cancelled = false

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
      return cancelled
    }
    if cancelNow { handle.cancel() }
  }

  /// The handles from `index` on, in the order they joined.
  func handles(from index: Int) -> ArraySlice<EffectHandle> {
    withLock { handles[index...] }
  }

  /// How many effects have joined.
  var count: Int { withLock { handles.count } }

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
    var index = 0
    while let handle = withLock({ index < handles.count ? handles[index] : nil }) {
      await handle.wait()
      index += 1
    }
  }

  /// Whether every effect has returned; subscriptions do not count.
  var isFinished: Bool { all.allSatisfy(\.isSettled) }

  /// Whether every effect has returned and every subscription has ended (been cancelled): what
  /// a test store waits for.
  var isEnded: Bool { all.allSatisfy(\.isFinished) }

  /// Whether every effect was cancelled.
  var isCancelled: Bool { all.allSatisfy(\.isCancelled) }

  /// The addresses of the effects' tasks, as ``ClockActivity`` tracks them.
  var taskAddresses: [UInt] { all.compactMap(\.taskAddress) }
}
