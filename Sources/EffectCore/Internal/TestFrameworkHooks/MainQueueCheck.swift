import Dispatch

/// Tells code that cannot be isolated (a deinit) whether it runs on the main actor, without
/// trapping when it does not.
///
/// The main actor runs its jobs on the main dispatch queue, but not always on the main thread:
/// an async program's main thread hands that queue to dispatch's worker threads
/// (`dispatch_main`), so one main-actor function can run on several threads in turn, and
/// comparing threads misses it. A value set on the main queue is seen by whatever thread runs
/// the queue's job.
enum MainQueueCheck {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Marks the main queue; call it once on the main actor before ``isOnMainQueue`` is needed.
  @MainActor static func prepare() { _ = key }

  /// Whether the caller runs a job of the main queue: on the main actor.
  static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: key) == true }
}
