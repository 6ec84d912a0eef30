import Synchronization

/// The work in flight that a test clock waits for before it moves time on: every task it woke,
/// and every effect task started meanwhile, until each is asleep on a test clock again or has
/// ended. So everything due at one instant (a timer's fire, the action it sends, the reducer's
/// answer, the effects that answer starts, their next sleeps) has happened before the next
/// instant comes, however busy the machine is.
///
/// A task is tracked by the address of its runtime task. It is settled when it sleeps on a test
/// clock (``settled()``, from the sleep), or when its effect's work ends (from `Send`). Effects
/// are tracked from the moment their task is made, under the same lock, so that a task cannot
/// settle before it is known.
///
/// A tracked task may instead wait for something no clock knows (a stream fed by the test, a
/// continuation): then nothing at all happens while the rest of the process gets ``quietRounds``
/// turns to run and ``quietTime`` passes, and the clock stops waiting for it. Only blocked tasks are
/// waited out this way; the tasks that report back are waited for exactly.
///
/// Nothing is tracked until the first test clock is made: a program that uses none pays one
/// atomic load per effect.
enum ClockActivity {
  /// Whether a test clock exists in the process.
  private static let isTracking = Atomic<Bool>(false)

  private struct State {
    var inFlight: Set<UInt> = []
    /// Bumped whenever tracked work reports back: tells a blocked task from a slow one.
    var events: UInt64 = 0
    /// Each resumed once: by whoever takes it out of here, under the lock.
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter = 0
    /// Whether a watchdog runs (see `watch()`).
    var isWatching = false
  }

  private static let state = LockIsolated(State())

  /// How many rounds (see `watch()`) tracked work may stay silent before the clock takes it for
  /// blocked; at least ``quietTime`` must pass too.
  static let quietRounds = 20
  /// How long tracked work may stay silent before the clock takes it for blocked: long enough
  /// for a task that can run to get a thread on a loaded machine (a sanitizer build running many
  /// tests at once), short enough to cost a test with a blocked effect little.
  static let quietTime: Duration = .milliseconds(500)

  /// Starts tracking: a test clock was made.
  static func startTracking() {
    isTracking.store(true, ordering: .relaxed)
  }

  /// The address that identifies the current task, if any.
  static var currentTask: UInt? {
    withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UInt.self) } }
  }

  /// Makes a task for an effect, tracked from its first instant while a test clock exists.
  static func makeTask(
    _ make: () -> Task<Void, Never>
  ) -> Task<Void, Never> {
    // An effect runs where its store says, not in the family of the task that starts it.
    guard isTracking.load(ordering: .relaxed) else { return SerialFamilies.makingEffect(make) }
    return state.withLock { state in
      let task = SerialFamilies.makingEffect(make)
      state.inFlight.insert(unsafeBitCast(task, to: UInt.self))
      state.events &+= 1
      return task
    }
  }

  /// Makes a task that the current task waits for (an operation inside an effect, such as
  /// `withTaskCancellation`'s): while a test clock exists, the new task is in flight instead of
  /// the current one until it ends, when the current one is in flight again.
  static func makeDelegate<T: Sendable>(
    _ operation: @escaping @Sendable () async throws -> T
  ) -> Task<T, any Error> {
    // The operation runs where its effect runs: on the main serial executor when that is in
    // force.
    let executor: MainSerialExecutor? = MainSerialExecutor.isInForce ? .shared : nil
    guard isTracking.load(ordering: .relaxed), let waiting = currentTask else {
      return Task(executorPreference: executor, operation: operation)
    }
    return state.withLock { state in
      let task = Task<T, any Error>(executorPreference: executor) {
        defer { handOver(to: waiting) }
        return try await operation()
      }
      if state.inFlight.remove(waiting) != nil {
        state.inFlight.insert(unsafeBitCast(task, to: UInt.self))
      }
      state.events &+= 1
      return task
    }
  }

  /// The current task, a delegate, ends: the task that waits for it is in flight again.
  private static func handOver(to waiting: UInt) {
    guard let task = currentTask else { return }
    state.withLock { state in
      if state.inFlight.remove(task) != nil { state.inFlight.insert(waiting) }
      state.events &+= 1
    }
  }

  /// Marks a task that a test clock is about to resume as in flight.
  static func resuming(_ task: UInt?) {
    state.withLock { state in
      if let task { state.inFlight.insert(task) }
      state.events &+= 1
    }
  }

  /// The current task has gone to sleep on a test clock, or its effect has ended: it is settled.
  static func settled() {
    guard isTracking.load(ordering: .relaxed) else { return }
    settled(currentTask)
  }

  /// `task` has gone to sleep on a test clock: it is settled.
  static func settled(_ task: UInt?) {
    guard let task else { return }
    let waiters = state.withLock { state -> [Int: CheckedContinuation<Void, Never>] in
      state.events &+= 1
      guard state.inFlight.remove(task) != nil, state.inFlight.isEmpty, !state.waiters.isEmpty
      else { return [:] }
      defer { state.waiters = [:] }
      return state.waiters
    }
    for waiter in waiters.values { waiter.resume() }
  }

  /// Whether any of `tasks` is in flight: running, or ready to run, rather than asleep on a test
  /// clock, ended, or let go as blocked.
  static func isAnyInFlight(_ tasks: [UInt]) -> Bool {
    guard isTracking.load(ordering: .relaxed) else { return false }
    return state.withLock { state in tasks.contains { state.inFlight.contains($0) } }
  }

  /// Tracked work has done something (an effect sent an action): it is not blocked.
  static func progressed() {
    guard isTracking.load(ordering: .relaxed) else { return }
    state.withLock { $0.events &+= 1 }
  }

  /// Suspends until every tracked task is settled, or until the ones left have been silent for
  /// ``quietRounds`` rounds (they wait for something outside the clock's reach, and are let go),
  /// or until the calling task is cancelled.
  static func waitUntilSettled() async {
    // Nothing in flight: nothing to wait for (the common case of a virtual tick's first check).
    guard
      let id = state.withLock({ state -> Int? in
        guard !state.inFlight.isEmpty else { return nil }
        state.nextWaiter += 1
        return state.nextWaiter
      })
    else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let startWatchdog = state.withLock { state -> Bool? in
          guard !state.inFlight.isEmpty, !Task.isCancelled else { return nil }
          state.waiters[id] = continuation
          defer { state.isWatching = true }
          return !state.isWatching
        }
        guard let startWatchdog else { return continuation.resume() }
        if startWatchdog { Task.detached { await watch() } }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }

  /// While anyone waits, watches whether tracked work does anything. After ``quietRounds``
  /// rounds and ``quietTime`` in which nothing happened, lets go of the tasks in flight and wakes the waiters. A
  /// round is a short real-time pause, a turn of the global executor and a turn of the main
  /// actor: work that can run gets to run in it, so a slow machine stretches the rounds instead
  /// of cutting its work short. One watchdog serves every clock.
  private static func watch() async {
    let clock = ContinuousClock()
    var lastEvents = state.withLock { $0.events }
    var quiet = 0
    var quietSince = clock.now
    while true {
      // Rounds of a twentieth of the quiet time: twenty of them take the quiet time, so a
      // blocked task is let go no later than with shorter rounds, and the watchdog costs a
      // busy clock (a scripted advance over hours of ticks) a wake-up every 25 ms, not 2 ms.
      try? await Task.sleep(for: quietTime / quietRounds)
      await Task.yield()
      await MainActor.run {}
      let now = clock.now
      let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
        guard !state.waiters.isEmpty else {
          state.isWatching = false
          return nil
        }
        guard state.events == lastEvents else {
          lastEvents = state.events
          quiet = 0
          quietSince = now
          return []
        }
        quiet += 1
        guard quiet >= quietRounds, quietSince.duration(to: now) >= quietTime else { return [] }
        quiet = 0
        state.inFlight = []
        defer { state.waiters = [:] }
        return Array(state.waiters.values)
      }
      guard let waiters else { return }
      for waiter in waiters { waiter.resume() }
    }
  }
}
