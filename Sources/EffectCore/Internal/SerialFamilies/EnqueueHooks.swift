import Synchronization

/// The concurrency runtime's hook for enqueueing a job on the global executor: a variable the
/// runtime reads on every such enqueue, found by its name. Installed once, the first time
/// something needs it (a serial family, the main serial executor,
/// `uncheckedUseMainSerialExecutor`), it sends `SerialFamilies`' members to the main actor's
/// queue, counted; every other job goes where it would have gone.
enum EnqueueHooks {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  // Written once, by `install()`; the runtime reads it.
  nonisolated(unsafe) private static let globalSlot: UnsafeMutablePointer<Hook?>? =
    TestFrameworks.pointer(TestFrameworks.lookUp("swift_task_enqueueGlobal_hook"))
    .map { UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: Hook?.self) }

  /// Whether every global job goes to the main actor (`uncheckedUseMainSerialExecutor`).
  static let sendsEverythingToMain = Atomic<Bool>(false)

  private static let installed = Atomic<Bool>(false)

  /// Whether the hook is in place: without it no task joins a family.
  static var isInstalled: Bool { installed.load(ordering: .acquiring) }

  /// Whether the runtime's hook exists in this process.
  static var isAvailable: Bool { globalSlot != nil }

  /// Puts the hook in place, once.
  static func install() {
    guard !installed.load(ordering: .relaxed), let globalSlot else { return }
    guard
      installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    globalSlot.pointee = onGlobal
  }

  private static let onGlobal: Hook = { job, original in
    if sendsEverythingToMain.load(ordering: .relaxed) {
      MainActor.shared.enqueue(job)
    } else if let family = SerialFamilies.family(joining: job) {
      SerialFamilies.enqueueOnMain(job, of: family)
    } else {
      original(job)
    }
  }
}
