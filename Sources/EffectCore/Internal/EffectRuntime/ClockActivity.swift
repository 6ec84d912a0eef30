import Synchronization

/// The work in flight that a test clock waits for before it moves time on: every task it woke,
/// and every effect task started meanwhile, until each is asleep on a test clock again or has
/// ended. So everything due at one instant (a timer's fire, the action it sends, the reducer's
/// answer, the effects that answer starts, their next sleeps) has happened before the next
/// instant comes, however busy the machine is.
///
/// A task is tracked by the address of its runtime task. It is settled when it sleeps on a test
/// clock (``fellAsleep(_:)``, from the sleep), or when its effect's work ends (``ended()``, from
/// `Send`). Effects
/// are tracked from the moment their task is made, under the same lock, so that a task cannot
/// settle before it is known.
///
/// A tracked task may instead wait for something no clock knows (a stream fed by the test, a
/// continuation): then nothing at all happens while the rest of the process gets ``quietRounds``
/// turns to run and ``quietTime`` passes, and the clock stops waiting for it. Only blocked tasks are
/// waited out this way; the tasks that report back are waited for exactly.
///
/// Work is tracked per Swift Testing test (its ``Domain``): a clock moved by a test waits for the
/// effects that test started, and for those started outside any test, but not for the tests
/// running beside it — a busy one would otherwise hold every other test's clock for as long as
/// it runs, and keep their blocked effects from being let go. Outside Swift Testing everything
/// is in one domain.
///
/// Nothing is tracked until the first test clock is made: a program that uses none pays one
/// atomic load per effect.
enum ClockActivity {
  /// Whether a test clock exists in the process.
  private static let isTracking = Atomic<Bool>(false)

  /// The Swift Testing test that tracked work belongs to, as a small number: that of the test
  /// whose task started it (tasks inherit it from their creator), or ``noTest``.
  typealias Domain = Int

  /// The domain of work started outside any test.
  static let noTest: Domain = 0

  private struct Waiter {
    let domain: Domain
    let continuation: ResumedOnce<Void, Never>
  }

  private struct State {
    /// The domain of each test seen, by its id: small numbers, cheap to hash on every tick.
    var domains: [AnyHashable: Domain] = [:]
    /// Each task in flight, with its domain.
    var inFlight: [UInt: Domain] = [:]
    /// The tracked tasks not in flight (asleep on a test clock, or let go as blocked), with
    /// their domains: a clock that wakes one puts it back in flight.
    var idle: [UInt: Domain] = [:]
    /// How many tasks of each domain are in flight.
    var inFlightCounts: [Domain: Int] = [:]
    /// Bumped whenever a domain's tracked work reports back: tells a blocked task from a slow one.
    var events: [Domain: UInt64] = [:]
    /// Each resumed once: by whoever takes it out of here, under the lock (see `ResumedOnce`).
    var waiters: [Int: Waiter] = [:]
    var nextWaiter = 0
    /// Whether a watchdog runs (see `watch()`).
    var isWatching = false

    mutating func insert(_ task: UInt, in domain: Domain) {
      if let old = inFlight.updateValue(domain, forKey: task) {
        inFlightCounts[old, default: 1] -= 1
      }
      inFlightCounts[domain, default: 0] += 1
      events[domain, default: 0] &+= 1
    }

    /// Takes `task` out of flight; its domain, if it was in flight.
    mutating func remove(_ task: UInt) -> Domain? {
      guard let domain = inFlight.removeValue(forKey: task) else { return nil }
      inFlightCounts[domain, default: 1] -= 1
      events[domain, default: 0] &+= 1
      return domain
    }

    /// The domain of the Swift Testing test with id `test` (``noTest`` for none).
    mutating func domain(of test: AnyHashable?) -> Domain {
      guard let test else { return noTest }
      if let domain = domains[test] { return domain }
      let domain = domains.count + 1
      domains[test] = domain
      return domain
    }

    /// Whether a clock moved in `domain` has nothing to wait for: no task of its own domain is in
    /// flight, nor any started outside a test.
    func isSettled(for domain: Domain) -> Bool {
      inFlightCounts[domain, default: 0] == 0 && inFlightCounts[noTest, default: 0] == 0
    }

    /// What a waiter in `domain` sees happen.
    func events(watchedBy domain: Domain) -> UInt64 {
      domain == noTest
        ? events[noTest, default: 0] : events[domain, default: 0] &+ events[noTest, default: 0]
    }

    /// Lets go of the tasks a waiter in `domain` waits for: they are blocked.
    mutating func letGo(_ domain: Domain) {
      for (task, own) in inFlight where own == domain || own == noTest { idle[task] = own }
      inFlight = inFlight.filter { $0.value != domain && $0.value != noTest }
      inFlightCounts[domain] = nil
      inFlightCounts[noTest] = nil
    }

    /// Takes out the waiters that have nothing left to wait for.
    mutating func takeSettledWaiters() -> [ResumedOnce<Void, Never>] {
      guard !waiters.isEmpty else { return [] }
      var settled: [ResumedOnce<Void, Never>] = []
      for (id, waiter) in waiters where isSettled(for: waiter.domain) {
        settled.append(waiter.continuation)
        waiters[id] = nil
      }
      return settled
    }
  }

  private static let state = LockIsolated(State())

  /// How many rounds (see `watch()`) tracked work may stay silent before the clock takes it for
  /// blocked; at least ``quietTime`` must pass too.
  static let quietRounds = 20
  /// How long tracked work may stay silent before the clock takes it for blocked: long enough
  /// for a task that can run to get a thread on a loaded machine (a sanitizer build running many
  /// tests at once), short enough to cost a test with a blocked effect little.
  static let quietTime: Duration = .milliseconds(500)

  /// The domain of the current task's work: the Swift Testing test it runs, if tracking.
  static var currentDomain: Domain {
    guard isTracking.load(ordering: .relaxed) else { return noTest }
    if let deliveringDomain { return deliveringDomain }
    let test = SwiftTestingEntryPoints.currentTestID
    return state.withLock { $0.domain(of: test) }
  }

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
    let domain = currentDomain
    return state.withLock { state in
      let task = SerialFamilies.makingEffect(make)
      state.insert(unsafeBitCast(task, to: UInt.self), in: domain)
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
      if case .some(let domain) = state.remove(waiting) {
        state.insert(unsafeBitCast(task, to: UInt.self), in: domain)
      }
      return task
    }
  }

  /// The current task, a delegate, ends: the task that waits for it is in flight again.
  private static func handOver(to waiting: UInt) {
    guard let task = currentTask else { return }
    state.withLock { state in
      if case .some(let domain) = state.remove(task) { state.insert(waiting, in: domain) }
    }
  }

  /// Marks a task that a test clock, moved in `domain`, is about to resume as in flight: in its
  /// own domain if it is a tracked task (an effect), in `domain` if it is a plain task and
  /// `marksPlainTask`.
  ///
  /// - Returns: Whether it is a tracked task.
  static func resuming(_ task: UInt?, in domain: Domain, marksPlainTask: Bool) -> Bool {
    guard let task else { return false }
    return state.withLock { state in
      if case .some(let own) = state.idle.removeValue(forKey: task) {
        state.insert(task, in: own)
        return true
      }
      if marksPlainTask { state.insert(task, in: domain) }
      return false
    }
  }

  /// The current task's effect has ended: it is settled, and no longer tracked.
  static func ended() {
    guard isTracking.load(ordering: .relaxed), let task = currentTask else { return }
    let waiters = state.withLock { state -> [ResumedOnce<Void, Never>] in
      state.idle[task] = nil
      guard case .some(let domain) = state.remove(task), state.inFlightCounts[domain] == 0 else {
        return []
      }
      return state.takeSettledWaiters()
    }
    for waiter in waiters { waiter.resume() }
  }

  /// `task` has gone to sleep on a test clock: it is settled.
  static func fellAsleep(_ task: UInt?) {
    guard let task else { return }
    let waiters = state.withLock { state -> [ResumedOnce<Void, Never>] in
      guard case .some(let domain) = state.remove(task) else { return [] }
      state.idle[task] = domain
      guard state.inFlightCounts[domain] == 0 else { return [] }
      return state.takeSettledWaiters()
    }
    for waiter in waiters { waiter.resume() }
  }

  /// The domain `task` is tracked in, in flight or idle; `nil` when it is not tracked.
  static func domain(of task: UInt) -> Domain? {
    state.withLock { $0.inFlight[task] ?? $0.idle[task] }
  }

  /// Whether any of `tasks` is in flight: running, or ready to run, rather than asleep on a test
  /// clock, ended, or let go as blocked.
  static func isAnyInFlight(_ tasks: [UInt]) -> Bool {
    guard isTracking.load(ordering: .relaxed) else { return false }
    return state.withLock { state in tasks.contains { state.inFlight[$0] != nil } }
  }

  /// Runs `deliver`, the store's delivery of an action that the effect of `task` sent (see
  /// ``progressingTask``): the effect has done something, so it is not blocked, and the effects
  /// the action starts belong to the effect's domain, although the store delivers outside the
  /// test's task.
  static func delivering(from task: UInt?, _ deliver: () -> Void) {
    guard let task else { return deliver() }
    let domain = state.withLock { state -> Domain in
      // Sent by a task that is not tracked itself (a child task of an effect): progress for
      // every clock, as before domains.
      let domain = state.inFlight[task] ?? noTest
      state.events[domain, default: 0] &+= 1
      return domain
    }
    guard domain != noTest else { return deliver() }
    $deliveringDomain.withValue(domain, operation: deliver)
  }

  /// The task to pass to ``delivering(from:_:)`` later: the current one, while tracking.
  static var progressingTask: UInt? {
    isTracking.load(ordering: .relaxed) ? currentTask : nil
  }

  /// The domain of the effect whose action the store delivers now.
  @TaskLocal static var deliveringDomain: Domain?

  /// Suspends until every task tracked in `domain` (or outside any test) is settled, or until
  /// the ones left have been silent for ``quietRounds`` rounds (they wait for something outside
  /// the clock's reach, and are let go), or until the calling task is cancelled.
  static func waitUntilSettled(in domain: Domain) async {
    // Nothing in flight: nothing to wait for (the common case of a virtual tick's first check).
    guard
      let id = state.withLock({ state -> Int? in
        guard !state.isSettled(for: domain) else { return nil }
        state.nextWaiter += 1
        return state.nextWaiter
      })
    else { return }
    await withTaskCancellationHandler {
      await suspend { (continuation: ResumedOnce<Void, Never>) in
        let startWatchdog = state.withLock { state -> Bool? in
          guard !state.isSettled(for: domain), !Task.isCancelled else { return nil }
          state.waiters[id] = Waiter(domain: domain, continuation: continuation)
          defer { state.isWatching = true }
          return !state.isWatching
        }
        guard let startWatchdog else { return continuation.resume() }
        if startWatchdog { Task.detached { await watch() } }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
    }
  }

  /// How quiet the work a waiter's domain waits for has been.
  private struct Quiet {
    var events: UInt64
    var rounds = 0
    var since: ContinuousClock.Instant
  }

  /// While anyone waits, watches whether tracked work does anything. After ``quietRounds``
  /// rounds and ``quietTime`` in which nothing happened in a waiter's domain, lets go of the tasks
  /// it waits for and wakes it. A round is a short real-time pause, a turn of the global executor
  /// and a turn of the main actor: work that can run gets to run in it, so a slow machine
  /// stretches the rounds instead of cutting its work short. One watchdog serves every clock.
  private static func watch() async {
    let clock = ContinuousClock()
    var watched = state.withLock { state in
      Dictionary(
        state.waiters.values.map {
          ($0.domain, Quiet(events: state.events(watchedBy: $0.domain), since: clock.now))
        },
        uniquingKeysWith: { first, _ in first })
    }
    while true {
      // Rounds of a twentieth of the quiet time: twenty of them take the quiet time, so a
      // blocked task is let go no later than with shorter rounds, and the watchdog costs a
      // busy clock (a scripted advance over hours of ticks) a wake-up every 25 ms, not 2 ms.
      try? await Task.sleep(for: quietTime / quietRounds)
      await Task.yield()
      await MainActor.run {}
      let now = clock.now
      let waiters = state.withLock { state -> [ResumedOnce<Void, Never>]? in
        guard !state.waiters.isEmpty else {
          state.isWatching = false
          return nil
        }
        let domains = Set(state.waiters.values.map(\.domain))
        watched = watched.filter { domains.contains($0.key) }
        for domain in domains {
          let events = state.events(watchedBy: domain)
          guard var quiet = watched[domain], quiet.events == events else {
            watched[domain] = Quiet(events: events, since: now)
            continue
          }
          quiet.rounds += 1
          watched[domain] = quiet
          guard quiet.rounds >= quietRounds, quiet.since.duration(to: now) >= quietTime else {
            continue
          }
          watched[domain] = nil
          state.letGo(domain)
        }
        return state.takeSettledWaiters()
      }
      guard let waiters else { return }
      for waiter in waiters { waiter.resume() }
    }
  }
}
