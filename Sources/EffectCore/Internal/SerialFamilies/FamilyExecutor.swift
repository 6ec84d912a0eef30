/// The task executor a serial family's jobs run on, on the main actor's queue: what a member does
/// next that the global executor's hook would not see goes through ``enqueue(_:)`` instead, and
/// is counted too. `Task.yield()` is the case in point: it queues its continuation on the
/// current executor (`Task.currentExecutor`), which for a task with no executor of its own is
/// the global executor's default, reached without the hook.
final class FamilyExecutor: TaskExecutor {
  /// The family whose jobs run here.
  let family: Int

  init(family: Int) {
    self.family = family
  }

  func enqueue(_ job: consuming ExecutorJob) {
    SerialFamilies.enqueueOnMain(UnownedJob(job), of: family)
  }
}
