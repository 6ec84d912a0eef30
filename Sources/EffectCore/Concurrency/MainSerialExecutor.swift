import Dispatch
import Synchronization

/// Runs `operation` with its asynchronous work serialised on the main actor's queue: child
/// tasks (`async let`, task groups), nonisolated async functions, the default actors they call,
/// and the effects of every store that starts them inside, run one job at a time, in the order
/// they were enqueued, interleaved with the main actor's own jobs. Code whose concurrent parts
/// raced (several answers awaited at once, immediate clocks, task groups) then runs the same way
/// every time, which makes a test of it deterministic.
///
/// ```swift
/// @Test func answersArriveInOrder() async {
///   await withMainSerialExecutor {
///     let store = Store(initialState: Search.State()) { Search() }
///     await store.send(.searchAll).finish()
///   }
/// }
/// ```
///
/// A ``TestStore`` does this for its effects by default (see ``TestStore/useMainSerialExecutor``).
///
/// It works as swift-concurrency-extras' function of the same name does, with one difference:
/// it is scoped, not global, so tests running in parallel beside it are untouched. It sets the
/// task executor preference of the calling task (what `withTaskExecutorPreference` does), which
/// its structured work inherits. An unstructured task does not inherit a preference, so the
/// tasks made inside (`Task { }` and `Task.detached`, from any isolation), and the tasks those
/// make, are sent to the main actor's queue as they are made, through the concurrency runtime's
/// enqueue hook: they are serialised too. A task made outside the scope is not, even when the
/// scope resumes it, and nothing is once the scope has ended.
///
/// Never block the main thread while it is in force (a semaphore, a synchronous wait): the work
/// it waits for runs there.
///
/// - Parameters:
///   - isolation: The actor the operation runs on; the caller's.
///   - operation: The work to serialise.
/// - Returns: What `operation` returns.
public func withMainSerialExecutor<Result, Failure: Error>(
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws(Failure) -> Result
) async throws(Failure) -> Result {
  // The family makes the unstructured tasks made inside run here too: they do not inherit the
  // preference, but they copy the task-local value. A nested call keeps the outer family, so
  // that its tasks stay serialised until the outer scope ends.
  let outer = SerialFamilies.openScope
  let family = outer ?? SerialFamilies.open()
  defer { if outer == nil { SerialFamilies.close(family) } }
  let outcome = await SerialFamilies.$scope.withValue(
    family,
    operation: { () async -> Swift.Result<Result, Failure> in
      do throws(Failure) {
        return .success(
          try await withTaskExecutorPreference(
            MainSerialExecutor.shared, isolation: isolation, operation: operation))
      } catch {
        return .failure(error)
      }
    }, isolation: isolation)
  return try outcome.get()
}

/// Runs synchronous `operation` with the effects that stores start inside it serialised on the
/// main actor's queue, as the asynchronous ``withMainSerialExecutor(isolation:operation:)``
/// does: for XCTest's `invokeTest`, which runs a test synchronously.
///
/// ```swift
/// override func invokeTest() {
///   withMainSerialExecutor { super.invokeTest() }
/// }
/// ```
///
/// A synchronous function cannot give the current task a preference; instead every effect a
/// store starts while `operation` runs (in any task) is serialised, with its child tasks.
///
/// - Parameter operation: The work during which effects are serialised.
/// - Returns: What `operation` returns.
public func withMainSerialExecutor<Result, Failure: Error>(
  operation: () throws(Failure) -> Result
) throws(Failure) -> Result {
  MainSerialExecutor.hasBeenUsed.store(true, ordering: .relaxed)
  MainSerialExecutor.synchronousScopes.add(1, ordering: .relaxed)
  defer { MainSerialExecutor.synchronousScopes.subtract(1, ordering: .relaxed) }
  return try operation()
}

/// The executor behind ``withMainSerialExecutor(isolation:operation:)``: a task executor whose
/// jobs go to the main actor's queue, where they run one at a time, in order.
///
/// Use it as a task executor preference for work that should join the serialised order:
///
/// ```swift
/// Task(executorPreference: MainSerialExecutor.shared) { await poll() }
/// ```
public final class MainSerialExecutor: TaskExecutor {
  /// The one main serial executor.
  public static let shared = MainSerialExecutor()

  /// How many synchronous ``withMainSerialExecutor(operation:)`` calls are running.
  static let synchronousScopes = Atomic<Int>(0)

  /// Whether this executor has had a job, or a synchronous scope has run: until then nothing can
  /// be in force, and the checks on an effect's start (``isInForce``) are one load. A task that
  /// prefers this executor runs only after its first job was enqueued here, which sets it.
  static let hasBeenUsed = Atomic<Bool>(false)

  private init() {}

  /// Enqueues `job` on the main actor's queue (the main dispatch queue), behind the jobs already
  /// there.
  ///
  /// The job runs as this task executor's, not as the main actor's: its nonisolated code is on
  /// the generic executor, as TCA's effects are on the global one, so that calling a nonisolated
  /// function (a stream's `next()`) costs no turn, and going to the main actor (an effect's
  /// `send`) costs one, as there. Run as a main actor job, every nonisolated call of an effect
  /// was a hop of its own, and an effect's stream fell behind the effects it had started.
  ///
  /// - Parameter job: The job.
  public func enqueue(_ job: consuming ExecutorJob) {
    if !Self.hasBeenUsed.load(ordering: .relaxed) {
      Self.hasBeenUsed.store(true, ordering: .relaxed)
    }
    // From the first job on, the unstructured tasks that work on this executor makes join it.
    if !EnqueueHooks.isInstalled { EnqueueHooks.install() }
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    DispatchQueue.main.async { job.runSynchronously(on: executor) }
  }

  /// Whether the current task delivers an action that an effect on this executor sent: what
  /// the reducer starts then runs here too.
  @TaskLocal static var isDelivering = false

  /// Whether the current task prefers this executor, or delivers an action from an effect that
  /// runs on it: the unstructured tasks it makes join it.
  static var isPreferredByCurrentTask: Bool {
    guard hasBeenUsed.load(ordering: .relaxed) else { return false }
    if isDelivering { return true }
    return withUnsafeCurrentTask { task in
      task?.unownedTaskExecutor == shared.asUnownedTaskExecutor()
    }
  }

  /// Whether work started here should run on this executor: the current task prefers it,
  /// delivers an action from an effect that runs on it, or a synchronous
  /// ``withMainSerialExecutor(operation:)`` is running.
  static var isInForce: Bool {
    guard hasBeenUsed.load(ordering: .relaxed) else { return false }
    if synchronousScopes.load(ordering: .relaxed) > 0 || isDelivering { return true }
    return withUnsafeCurrentTask { task in
      task?.unownedTaskExecutor == shared.asUnownedTaskExecutor()
    }
  }
}

/// Sends every job of the process's global executor to the main actor's queue, until set back to
/// `false`: what swift-concurrency-extras' variable of the same name does, through the same hook
/// of the concurrency runtime. Unlike ``withMainSerialExecutor(isolation:operation:)`` it reaches
/// detached tasks and tasks made outside any scope too, but it is not scoped: every test running
/// in parallel is serialised on the main actor while it is set, and one that blocks a thread
/// waiting for another task hangs. Prefer the scoped function, or a test store's
/// ``TestStore/useMainSerialExecutor``.
///
/// ```swift
/// uncheckedUseMainSerialExecutor = true
/// defer { uncheckedUseMainSerialExecutor = false }
/// ```
///
/// Setting it does nothing where the runtime's hook cannot be found.
public var uncheckedUseMainSerialExecutor: Bool {
  get { EnqueueHooks.isAvailable && EnqueueHooks.sendsEverythingToMain.load(ordering: .relaxed) }
  set {
    if newValue { EnqueueHooks.install() }
    EnqueueHooks.sendsEverythingToMain.store(newValue, ordering: .relaxed)
  }
}
