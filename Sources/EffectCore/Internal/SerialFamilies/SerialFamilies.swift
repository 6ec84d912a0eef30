import Synchronization

/// The unstructured tasks that run on the main serial executor although nobody gave them a task
/// executor preference: a `Task { }` made inside ``withMainSerialExecutor(isolation:operation:)``
/// (unstructured tasks do not inherit a preference), inside an effect on the main serial executor,
/// or by the task that made a ``TestClock``, and the tasks those tasks make in turn.
///
/// The concurrency runtime's enqueue hook for the global executor (see `EnqueueHooks`) asks
/// ``family(joining:)`` about every job that goes there. A task joins a family when the hook sees
/// it for the first time while the current task belongs to one — which is what happens,
/// synchronously inside `Task.init`, when a task of the family makes a new task — and from then
/// on each of its jobs goes to the main actor's queue. That queue is one thread, first in first
/// out, so the family's jobs are counted as they are enqueued there (by the main actor's hook),
/// and a ``TestClock`` knows exactly when every one of them has run: ``settle(_:)``.
///
/// A task isolated to the main actor never passes through the global executor's hook: a
/// `@MainActor` test's `Task { }` is let run by its clock's turns of the main queue instead (see
/// `TestClock`).
///
/// A family ends with its scope (the end of `withMainSerialExecutor`, the test clock's
/// deinitialisation): its tasks then run where they would have run anyway.
enum SerialFamilies {
  /// The family of the `withMainSerialExecutor` call the current task runs inside. An
  /// unstructured task copies its creator's task-local values, so the tasks it makes carry it.
  @TaskLocal static var scope: Int?

  /// The family of jobs enqueued by tasks that prefer the main serial executor (a test store's
  /// effects): it never ends, so it is bounded by ``memberLimit`` instead.
  static let preferenceFamily = 0

  /// How many tasks one family remembers. Nothing says when a task ends (its address is all the
  /// hook sees), so a family that lives as long as a program could grow without end: past this,
  /// it forgets its members, which then run where they would have run anyway.
  static let memberLimit = 20_000

  /// A task's family, with the task's id: an address is used again once its task is gone, and
  /// the id tells the new task from the old one.
  private struct Membership {
    let family: Int
    let id: UInt64
  }

  private struct State {
    /// Task (or job) address → family.
    var members: [UInt: Membership] = [:]
    /// How many members each family has.
    var memberCounts: [Int: Int] = [:]
    /// The task that made a test clock → the clock's family.
    var roots: [UInt: Membership] = [:]
    /// Tasks that are making an effect's task right now: the effect is tracked by its store
    /// and its clock exactly, and runs where its store says.
    var makingEffect: [UInt: Int] = [:]
    /// Each open family → the id of the last task made before it opened: only tasks made
    /// later can be its new members.
    var open: [Int: UInt64] = [:]
    /// How many of each family's jobs went to the main actor's queue.
    var enqueued: [Int: UInt64] = [:]
    /// `enqueued` when each family was last found settled.
    var settledAt: [Int: UInt64] = [:]
    /// Tasks in ``settle(_:)``: their own turns of the queue are not their families' work.
    var settling: [UInt: Int] = [:]
    var lastFamily = preferenceFamily
    /// The ids of the tasks the global executor's hook has seen: a task seen before is resumed,
    /// not new, whoever resumes it.
    var seen: Set<UInt64> = []

    /// The family of the member task at `address`, if it is the task that joined.
    func family(of address: UInt) -> Int? {
      guard let membership = members[address], membership.id == taskID(at: address) else {
        return nil
      }
      return membership.family
    }

    /// The family whose root is the task at `address`, if it is the task that made it.
    func rootFamily(of address: UInt) -> Int? {
      guard let membership = roots[address], membership.id == taskID(at: address) else {
        return nil
      }
      return membership.family
    }
  }

  /// The id of the task at `address`.
  private static func taskID(at address: UInt) -> UInt64 {
    jobTaskID(unsafeBitCast(address, to: UnownedJob.self))
  }

  private static let state = LockIsolated(State())

  /// How many members all families have: the main actor's hook skips the lock when none.
  private static let memberTotal = Atomic<Int>(0)

  /// How many task ids ``State/seen`` keeps before it starts again: past this, a task seen long
  /// ago is taken for new again, which only matters if a family's task resumes it.
  static let seenLimit = 100_000

  /// Opens a family: for a `withMainSerialExecutor` scope, or for a test clock with the task that
  /// made it as its root.
  ///
  /// - Parameter root: The task whose new tasks join the family, besides those of the scope.
  /// - Returns: The family.
  static func open(root: UInt? = nil) -> Int {
    EnqueueHooks.install()
    // Task ids grow as tasks are made: a task made now marks where the family begins.
    // It joins no family: a member that has ended would cost every later enqueue a lookup.
    let marker = makingEffect { Task.detached(priority: .low) {} }
    let start = jobTaskID(unsafeBitCast(marker, to: UnownedJob.self))
    return state.withLock { state in
      state.lastFamily += 1
      state.open[state.lastFamily] = start
      if let root {
        state.roots[root] = Membership(family: state.lastFamily, id: taskID(at: root))
      }
      return state.lastFamily
    }
  }

  /// The family of the `withMainSerialExecutor` scope the current task runs inside, while that
  /// scope lasts.
  static var openScope: Int? {
    guard let scope else { return nil }
    return state.withLock { $0.open[scope] != nil } ? scope : nil
  }

  /// Ends a family: its members run where they would have run anyway from now on.
  static func close(_ family: Int) {
    state.withLock { state in
      state.open[family] = nil
      state.roots = state.roots.filter { $0.value.family != family }
      forget(family, in: &state)
      state.enqueued[family] = nil
      state.settledAt[family] = nil
    }
  }

  private static func forget(_ family: Int, in state: inout State) {
    guard let count = state.memberCounts.removeValue(forKey: family) else { return }
    state.members = state.members.filter { $0.value.family != family }
    memberTotal.subtract(count, ordering: .relaxed)
  }

  /// The families a test clock waits for when the current task moves it: its own, the
  /// `withMainSerialExecutor` scope's, and the one the current task belongs to or made.
  static func families(besides family: Int?) -> [Int] {
    var families = [family, scope].compactMap { $0 }
    guard EnqueueHooks.isInstalled, let current = ClockActivity.currentTask else { return families }
    let own = state.withLock { $0.family(of: current) ?? $0.rootFamily(of: current) }
    if let own, !families.contains(own) { families.append(own) }
    return families
  }

  /// Whether the task at `address` runs on the main serial executor as a family's member.
  static func isMember(_ address: UInt?) -> Bool {
    guard let address, EnqueueHooks.isInstalled else { return false }
    return state.withLock { $0.family(of: address) != nil }
  }

  /// Runs `make`, which makes an effect's task: the task it makes keeps to its store's executor
  /// rather than joining the current task's family.
  static func makingEffect<T>(_ make: () -> T) -> T {
    guard EnqueueHooks.isInstalled, let task = ClockActivity.currentTask else { return make() }
    state.withLock { $0.makingEffect[task, default: 0] += 1 }
    defer {
      state.withLock { state in
        state.makingEffect[task]! -= 1
        if state.makingEffect[task] == 0 { state.makingEffect[task] = nil }
      }
    }
    return make()
  }

  /// The family of `job`, a member's job on its way to the main actor's queue. Called by the
  /// main actor's enqueue hook, on the enqueueing thread.
  static func family(of job: UnownedJob) -> Int? {
    guard memberTotal.load(ordering: .relaxed) > 0 else { return nil }
    let address = unsafeBitCast(job, to: UInt.self)
    return state.withLock { $0.family(of: address) }
  }

  /// The family `job` belongs to, if any, joining it to the current task's family when it is a
  /// task made just now. Called by the global executor's enqueue hook, on the enqueueing thread,
  /// for every job.
  static func family(joining job: UnownedJob) -> Int? {
    let address = unsafeBitCast(job, to: UInt.self)
    let id = jobTaskID(job)
    let scope = Self.scope
    let prefersSerial = MainSerialExecutor.isPreferredByCurrentTask
    let current = ClockActivity.currentTask
    return state.withLock { state -> Int? in
      if let family = state.family(of: address) { return family }
      // Made just now (enqueued by `Task.init`), not resumed: the hook has not seen it.
      var isFirstSight = false
      if id != 0 {
        if state.seen.count >= seenLimit { state.seen = [] }
        isFirstSight = state.seen.insert(id).inserted
      }
      // A task enqueued again by itself (a yield) is not new work of its own.
      guard current != address else { return nil }
      var family: Int?
      if let current, state.makingEffect[current] != nil {
        return nil
      } else if let scope, state.open[scope] != nil {
        family = scope
      } else if prefersSerial {
        family = preferenceFamily
      } else if let current,
        let ofCurrent = state.family(of: current) ?? state.rootFamily(of: current)
      {
        family = ofCurrent
      }
      guard let family else { return nil }
      // New work of the current task, not a task it resumes (a continuation, a task's value it
      // delivers): a task made now has a later id than any made before the family opened (or,
      // for the executor's preference, than the task making it). A detached task made here joins
      // too, as in swift-concurrency-extras.
      guard let current else { return nil }
      // An actor the current task gives work (a task isolated to it) runs here this once.
      if id == 0 { return family }
      guard isFirstSight, id > state.open[family] ?? taskID(at: current) else { return nil }
      if state.memberCounts[family, default: 0] >= memberLimit { forget(family, in: &state) }
      state.members[address] = Membership(family: family, id: id)
      state.memberCounts[family, default: 0] += 1
      memberTotal.add(1, ordering: .relaxed)
      return family
    }
  }

  /// One of `family`'s jobs went to the main actor's queue.
  static func enqueued(_ job: UnownedJob, of family: Int) {
    let address = unsafeBitCast(job, to: UInt.self)
    state.withLock { state in
      guard state.settling[address] == nil else { return }
      state.enqueued[family, default: 0] &+= 1
    }
    enqueuedTotal.add(1, ordering: .relaxed)
  }

  /// How many jobs of all families went to the main actor's queue: a clock that saw this number
  /// when it last settled has nothing to settle while it stays the same.
  static var enqueueCount: UInt64 { enqueuedTotal.load(ordering: .relaxed) }
  private static let enqueuedTotal = Atomic<UInt64>(0)

  /// How many jobs the families enqueued on the main actor since they were last settled; `nil`
  /// when none did.
  private static func unsettled(_ families: [Int]) -> UInt64? {
    state.withLock { state in
      var total: UInt64 = 0
      var isSettled = true
      for family in families {
        let count = state.enqueued[family, default: 0]
        total &+= count
        if count != state.settledAt[family, default: 0] { isSettled = false }
      }
      return isSettled ? nil : total
    }
  }

  private static func markSettled(_ families: [Int]) {
    state.withLock { state in
      for family in families { state.settledAt[family] = state.enqueued[family, default: 0] }
    }
  }

  /// How many turns of the main actor's queue ``settle(_:)`` takes at most: only a member that
  /// never stops enqueueing (a loop of yields) reaches it.
  static let settleLimit = 10_000

  /// Returns once every job the families have enqueued has run: every member is asleep, waiting
  /// for something, or ended. Deterministic: the members' jobs run one at a time on the main
  /// actor's queue in the order they were enqueued, so a turn of that queue in which none was
  /// enqueued means that none is left. No turn at all when no member was enqueued since the last
  /// settle.
  static func settle(_ families: [Int]) async {
    guard !families.isEmpty, EnqueueHooks.isInstalled, unsettled(families) != nil else { return }
    let task = ClockActivity.currentTask
    if let task { state.withLock { $0.settling[task, default: 0] += 1 } }
    defer {
      if let task {
        state.withLock { state in
          state.settling[task]! -= 1
          if state.settling[task] == 0 { state.settling[task] = nil }
        }
      }
    }
    var quietTurns = 0
    for _ in 0..<settleLimit {
      guard let before = unsettled(families) else { return }
      await yieldBehindMainQueue()
      guard unsettled(families) == before else {
        quietTurns = 0
        continue
      }
      // A member's job may still be running on the main thread while this task, back on its own
      // executor, counts; several quiet turns in a row leave it time to finish and enqueue its
      // next job, if it has one.
      quietTurns += 1
      if quietTurns == quietTurnsToSettle {
        markSettled(families)
        return
      }
    }
  }

  /// How many turns in a row must pass with no member's job enqueued before the families count
  /// as settled.
  static let quietTurnsToSettle = 5

  /// The id the concurrency runtime gave a task when it made it (ids grow as tasks are made); 0
  /// for a job that is not a task.
  @_silgen_name("swift_task_getJobTaskId")
  private static func jobTaskID(_ job: UnownedJob) -> UInt64

  /// Queues the current task behind every job already in the main actor's queue.
  @MainActor static func yieldBehindMainQueue() async {
    await Task.yield()
  }

  /// How many turns of the main actor's queue in a row a test clock moved by its maker on the
  /// main actor waits to see no new sleeper before it moves (see `TestClock`).
  static let mainActorQuietTurns = 3
  /// How many turns of the main actor's queue such a clock takes at most.
  static let mainActorTurnLimit = 100

  /// Whether the current code runs on the main actor: the runtime's
  /// `swift_task_isCurrentExecutorWithFlags` (what `MainActor.assumeIsolated` asks), found by
  /// name, with no flag (no assertion: a thread that is not the main one gets `false`); `false`
  /// if absent.
  static var isOnMainActor: Bool {
    guard let isCurrentExecutor else { return false }
    let main = unsafeBitCast(MainActor.sharedUnownedExecutor, to: (UInt, UInt).self)
    return isCurrentExecutor(main.0, main.1, 0)
  }

  /// The runtime's entry point: an executor is passed as its two words, identity and
  /// implementation, then the flags.
  private static let isCurrentExecutor = TestFrameworks.pointer(
    TestFrameworks.lookUp("swift_task_isCurrentExecutorWithFlags")
  ).map { unsafeBitCast($0, to: (@convention(c) (UInt, UInt, UInt64) -> Bool).self) }
}
