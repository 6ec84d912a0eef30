import Synchronization

/// The concurrency runtime's hooks for enqueueing a job on the global executor and on the main
/// actor: variables the runtime reads on every such enqueue, found by their names. Installed
/// once, the first time something needs them (a serial family, the main serial executor,
/// `uncheckedUseMainSerialExecutor`), they send `SerialFamilies`' members to the main actor's
/// queue and count them there; every other job goes where it would have gone.
enum EnqueueHooks {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  // Written once, by `install()`; the runtime reads them.
  nonisolated(unsafe) private static let globalSlot = slot(named: "swift_task_enqueueGlobal_hook")
  nonisolated(unsafe) private static let mainSlot = slot(
    named: "swift_task_enqueueMainExecutor_hook")

  private static func slot(named name: String) -> UnsafeMutablePointer<Hook?>? {
    TestFrameworks.pointer(TestFrameworks.lookUp(name))
      .map { UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: Hook?.self) }
  }

  /// Whether every global job goes to the main actor (`uncheckedUseMainSerialExecutor`).
  static let sendsEverythingToMain = Atomic<Bool>(false)

  private static let installed = Atomic<Bool>(false)

  /// Whether the hooks are in place: without them no task joins a family.
  static var isInstalled: Bool { installed.load(ordering: .acquiring) }

  /// Whether the runtime's hooks exist in this process.
  static var isAvailable: Bool { globalSlot != nil && mainSlot != nil }

  /// Puts the hooks in place, once.
  static func install() {
    guard !installed.load(ordering: .relaxed), let globalSlot, let mainSlot else { return }
    guard
      installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    mainSlot.pointee = onMain
    globalSlot.pointee = onGlobal
  }

  private static let onGlobal: Hook = { job, original in
    if sendsEverythingToMain.load(ordering: .relaxed) || SerialFamilies.family(joining: job) != nil
    {
      // Counted by `onMain`, through which this goes.
      MainActor.shared.enqueue(job)
    } else {
      original(job)
    }
  }

  private static let onMain: Hook = { job, original in
    // Only members are counted here: a job the main actor gets directly (an effect on the main
    // serial executor, a task isolated to the main actor) keeps its own rules.
    let family = SerialFamilies.family(of: job)
    original(job)
    // Counted once it is in the queue: a settle that reads the count before this still finds
    // the job ahead of its own turn.
    if let family { SerialFamilies.enqueued(job, of: family) }
  }
}
