import Synchronization

/// A clock whose time passes only when a test says so, for deterministic tests of timers,
/// delays and timeouts.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Timer.State()) { Timer(clock: clock) }
/// try await store.send(.start) { $0.isRunning = true }
/// await clock.advance(by: .seconds(1))
/// try await store.receive(.tick) { $0.elapsed = 1 }
/// ```
///
/// `advance` wakes sleepers in deadline order and, before moving further, waits until every task
/// it woke, and every effect started meanwhile, is asleep on a test clock again or has ended: a
/// timer advanced by an hour ticks 3,600 times and each tick's action has been reduced, however
/// busy the machine is. A woken task that waits for something else instead (a stream the test
/// feeds) is let go once the rest of the process has had a few turns to run and nothing happened.
///
/// Plain tasks of the test (`Task { }` made by the task that made the clock, or inside
/// ``withMainSerialExecutor(isolation:operation:)``) reach their sleep before time moves, as
/// with swift-clocks' test clock, but deterministically: they run on the main actor's queue
/// while the clock lives, and the clock takes turns of that queue until none of their work is
/// left. In a `@MainActor` test, whose `Task { }`s the runtime queues
/// on the main actor without the hook, the clock takes turns until its sleepers stay the same
/// (see "TestClock" in Docs/Testing.md).
///
/// Under Swift Testing, the effects a clock waits for are those of the test that moves it (and
/// those started outside any test), not those of the tests running beside it.
public final class TestClock<Duration: DurationProtocol & Hashable & Sendable>: Clock, Sendable {
  /// A point in a test clock's time: an offset from the clock's start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant at an offset from the start.
    ///
    /// - Parameter offset: The time since the start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    /// Resumed exactly once: by the advance that takes the sleeper out of the list, or by its
    /// cancellation, which takes it out first (whoever takes it, under the lock, resumes it).
    /// (See `ResumedOnce`.)
    let continuation: ResumedOnce<Void, any Error>
    /// The sleeping task, tracked again from the moment the clock wakes it.
    let task: UInt?
  }

  private struct State {
    var now: Instant
    var sleepers: [Sleeper] = []

    /// The deadline that comes first. A loop, not `map(\.deadline).min()`: in this generic
    /// class a key path is built at run time on every call, a tenth of a virtual tick's cost.
    var earliestDeadline: Instant? {
      var earliest: Instant?
      for sleeper in sleepers where earliest.map({ sleeper.deadline < $0 }) ?? true {
        earliest = sleeper.deadline
      }
      return earliest
    }

    /// Adds a sleeper, unless its task is cancelled: specialised, as ``takeDue(upTo:)`` is.
    @_specialize(where Duration == Swift.Duration)
    mutating func add(
      id: Int, deadline: Instant, continuation: ResumedOnce<Void, any Error>, task: UInt?
    ) -> Bool {
      guard !Task.isCancelled else { return false }
      sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation, task: task))
      return true
    }

    /// One step of an advance to `deadline`: moves `now` to the earliest deadline that has
    /// come by then and takes the sleepers due at it, in the order they went to sleep; none
    /// (with `now` at `deadline`) when nothing more is due.
    ///
    /// Loops rather than `filter`, `removeAll(where:)` and `sorted(by:)`, and specialised for
    /// `Swift.Duration`: run unspecialised, as a generic class's code is, each of those looked
    /// up generic metadata on every call, and this step was a tenth of a scripted tick.
    @_specialize(where Duration == Swift.Duration)
    mutating func takeDue(upTo deadline: Instant) -> [Sleeper] {
      guard let next = earliestDeadline, next <= max(deadline, now) else {
        if deadline > now { now = deadline }
        return []
      }
      if next > now { now = next }
      var woken: [Sleeper] = []
      var kept = 0
      var inOrder = true
      for index in sleepers.indices {
        if sleepers[index].deadline <= next {
          if let last = woken.last, last.id > sleepers[index].id { inOrder = false }
          woken.append(sleepers[index])
        } else {
          // The sleepers that stay keep their order, moved over the taken ones.
          if kept != index { sleepers.swapAt(kept, index) }
          kept += 1
        }
      }
      sleepers.removeLast(sleepers.count - kept)
      if !inOrder { woken.sort { $0.id < $1.id } }
      return woken
    }
  }

  private let state: LockIsolated<State>
  /// The tasks that the task which made the clock makes (see `SerialFamilies`): they run on the
  /// main actor's queue, so that the clock knows when each has reached its sleep.
  private let family: Int?
  /// The task that made the clock, if it made it on the main actor (a `@MainActor` test): the
  /// `Task { }`s it makes there are isolated to the main actor, and no hook sees them join the
  /// family. When it moves the clock, the clock lets them run first with turns of the main
  /// actor's queue (see ``letMainActorTasksRun()``).
  private let mainActorMaker: UInt?
  /// `SerialFamilies.enqueueCount` when the clock last settled its families.
  private let settledCount = Atomic<UInt64>(.max)
  /// The last sleeper's id: sleepers due at one instant wake in the order of their ids.
  private let lastSleeperID = Atomic<Int>(0)

  /// The smallest step the clock can measure.
  public let minimumResolution: Duration

  /// Creates a test clock.
  ///
  /// - Parameters:
  ///   - now: The starting instant.
  ///   - minimumResolution: The clock's resolution.
  public convenience init(now: Instant = Instant(), minimumResolution: Duration = .zero) {
    self.init(now: now, minimumResolution: minimumResolution, waitsForItsMakersTasks: true)
  }

  /// Creates a test clock that does not wait for the plain tasks of the task that made it: for a
  /// program whose sleepers are all effects, which the clock tracks as effects
  /// (`many-timers run --virtual-clock`): it opens no family, and its maker's moves take no turns
  /// of the main actor's queue.
  package convenience init(
    now: Instant = Instant(), minimumResolution: Duration = .zero, ownsNoTasks: Void
  ) {
    self.init(now: now, minimumResolution: minimumResolution, waitsForItsMakersTasks: false)
  }

  private init(now: Instant, minimumResolution: Duration, waitsForItsMakersTasks: Bool) {
    // Installed while the test sets up, before its effects start: from here on the clock can
    // tell when every task has done what is due.
    ClockActivity.startTracking()
    self.state = LockIsolated(State(now: now))
    self.minimumResolution = minimumResolution
    let maker = waitsForItsMakersTasks ? ClockActivity.currentTask : nil
    self.family = maker.map { SerialFamilies.open(root: $0) }
    self.mainActorMaker = SerialFamilies.isOnMainActor ? maker : nil
  }

  deinit {
    if let family { SerialFamilies.close(family) }
  }

  /// The clock's current time.
  public var now: Instant { state.withLock { $0.now } }

  /// How many tasks are asleep on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock has been advanced to `deadline`, or throws `CancellationError` if
  /// the task is cancelled first.
  ///
  /// A deadline that has already come (`sleep(for: .zero)`) still suspends, until the next
  /// ``advance(by:)``, ``advance(to:)`` or ``run(limit:)``, as with swift-clocks' test clock:
  /// a test decides when even "now" happens.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: a test clock is exact.
  // Specialised for `Swift.Duration`, the clock's duration everywhere but in tests of other
  // durations: the class is generic, and unspecialised, a sleep looked up the metadata of the
  // clock's state and sleeper types on every call (a tenth of a virtual tick, with `step`).
  @_specialize(where Duration == Swift.Duration)
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = lastSleeperID.add(1, ordering: .relaxed).newValue
    let task = ClockActivity.currentTask
    try await withTaskCancellationHandler {
      try await suspendThrowing { continuation in
        let isAsleep = state.withLock {
          $0.add(id: id, deadline: deadline, continuation: continuation, task: task)
        }
        guard isAsleep else { return continuation.resume(throwing: CancellationError()) }
        // Asleep now: the work an advance waits for is done. The sleeper is in the list first, so
        // that an advance that stops waiting finds it.
        ClockActivity.fellAsleep(task)
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward, waking every sleeper whose deadline is reached, in deadline order.
  ///
  /// Before each step, and before it returns, the clock waits for the work in flight: every task
  /// it woke, and every effect task started meanwhile, must be asleep on a test clock again or
  /// have ended. A woken timer has sent its action, the store has reduced it, and the effects
  /// that started meanwhile are asleep. So advancing by an hour runs all 3,600 ticks of a
  /// one-second timer, every action they send, and everything those actions start, in order,
  /// however many effects are running. A task that waits for something else instead (a stream
  /// the test feeds, a continuation) is let go once the rest of the process has had twenty turns
  /// to run and half a second has passed with nothing happening.
  ///
  /// - Parameter duration: How far to move.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to an instant, waking every sleeper whose deadline is reached, in
  /// deadline order; see ``advance(by:)``.
  ///
  /// - Parameter deadline: The instant to move to; earlier instants wake only the sleepers that
  ///   are already due.
  public func advance(to deadline: Instant) async {
    let isMaker = isMovedByMainActorMaker
    if isMaker { await letMainActorTasksRun() }
    await step(to: deadline, byMainActorMaker: isMaker)
  }

  /// ``advance(to:)``, without the first turns of the main actor's queue that let the maker's
  /// main-actor tasks run: the caller took them.
  @_specialize(where Duration == Swift.Duration)
  private func step(to deadline: Instant, byMainActorMaker: Bool) async {
    // The test that moves the clock: what its tasks (and those of no test) do is waited for.
    let domain = ClockActivity.currentDomain
    await waitUntilSettled(in: domain)
    while true {
      let woken = state.withLock { $0.takeDue(upTo: deadline) }
      guard !woken.isEmpty else { return }
      // One at a time, in the order they went to sleep, each settled before the next wakes (as
      // swift-clocks' test clock resumes them): two effects that sleep until the same instant
      // send their actions in that order, on every run.
      for sleeper in woken {
        // A member of a family is waited for through its family, which also sees it end; an
        // effect until it sleeps again or ends; a plain task of the maker's on the main actor
        // with turns of the main actor's queue; any other task until it sleeps again (or is let
        // go as blocked).
        let isMember = SerialFamilies.isMember(sleeper.task)
        let isEffect =
          !isMember
          && ClockActivity.resuming(sleeper.task, in: domain, marksPlainTask: !byMainActorMaker)
        let isPlainOnMainActor = byMainActorMaker && !isMember && !isEffect
        sleeper.continuation.resume()
        if isPlainOnMainActor { await letMainActorTasksRun() }
        await waitUntilSettled(in: domain)
      }
    }
  }

  /// Waits until the work in flight is done: the plain tasks of the test (the clock's family and
  /// the current `withMainSerialExecutor` scope's) have each run until they sleep, wait for
  /// something else, or end, and every effect task of the test that moves the clock (`domain`)
  /// is asleep on a test clock or has ended.
  private func waitUntilSettled(in domain: ClockActivity.Domain) async {
    await settleFamilies()
    await ClockActivity.waitUntilSettled(in: domain)
    // What the effects did meanwhile may have woken plain tasks (a stream they feed).
    await settleFamilies()
  }

  /// When the clock's maker moves it from the main actor, lets the tasks it made there reach
  /// their sleep: turns of the main actor's queue, each behind every job queued there, until the
  /// clock's sleepers have stayed the same for a few turns in a row. (A task made on the main
  /// actor is invisible to the runtime's hooks, so it cannot be counted as the family's other
  /// tasks are: this is swift-clocks' yielding, bounded.)
  private func letMainActorTasksRun() async {
    var sleepers = sleeperCount
    var quietTurns = 0
    for _ in 0..<SerialFamilies.mainActorTurnLimit
    where quietTurns < SerialFamilies.mainActorQuietTurns {
      await SerialFamilies.yieldBehindMainQueue()
      let now = sleeperCount
      quietTurns = now == sleepers ? quietTurns + 1 : 0
      sleepers = now
    }
  }

  /// Whether the current task is the one that made the clock on the main actor.
  private var isMovedByMainActorMaker: Bool {
    mainActorMaker != nil && ClockActivity.currentTask == mainActorMaker
  }

  /// Waits for the plain tasks' work, unless no family has queued a job since the last time.
  private func settleFamilies() async {
    let count = SerialFamilies.enqueueCount
    guard count != settledCount.load(ordering: .relaxed) else { return }
    await SerialFamilies.settle(SerialFamilies.families(besides: family))
    settledCount.store(count, ordering: .relaxed)
  }

  /// Throws ``SuspensionError`` if a task is asleep on the clock, once the tasks about to sleep
  /// have reached their sleep, as swift-clocks' `checkSuspension()`: for the end of a test, to
  /// check that nothing still waits on the clock.
  ///
  /// ```swift
  /// Task { try await clock.sleep(for: .seconds(1)) }
  /// await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
  /// await clock.advance(by: .seconds(1))
  /// try await clock.checkSuspension()
  /// ```
  ///
  /// - Throws: ``SuspensionError`` when a sleep is suspended.
  public func checkSuspension() async throws {
    if isMovedByMainActorMaker { await letMainActorTasksRun() }
    await waitUntilSettled(in: ClockActivity.currentDomain)
    guard sleeperCount == 0 else { throw SuspensionError() }
  }

  /// Runs the clock until no task is asleep on it any more.
  ///
  /// It ends early when its task is cancelled (a test that ran past its time limit), so a timer
  /// that never ends cannot keep it spinning. To give up after some real time with a test
  /// failure instead, as swift-clocks does, use ``run(timeout:fileID:filePath:line:column:)``.
  ///
  /// - Parameter limit: The longest time to run; a timer that never ends stops here.
  public func run(limit: Duration? = nil) async {
    let isMaker = isMovedByMainActorMaker
    if isMaker { await letMainActorTasksRun() }
    await waitUntilSettled(in: ClockActivity.currentDomain)
    let start = now
    while !Task.isCancelled, let next = state.withLock({ $0.earliestDeadline }) {
      if let limit, next > start.advanced(by: limit) {
        await step(to: start.advanced(by: limit), byMainActorMaker: isMaker)
        return
      }
      await step(to: next, byMainActorMaker: isMaker)
    }
  }

  /// Wakes every sleeper with `CancellationError`; returns their deadlines.
  @discardableResult
  func cancelSleepers() -> [Instant] {
    let sleepers = state.withLock { state in
      defer { state.sleepers = [] }
      return state.sleepers
    }
    for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
    return sleepers.map(\.deadline)
  }

  /// Cancels the sleepers, again and again while new ones come, for up to a tenth of a second
  /// of real time: a task the last advance woke may sleep again just after a first
  /// cancellation, and would then sleep for good with nobody left to advance the clock.
  ///
  /// - Returns: The offsets of the cancelled sleeps' deadlines, earliest first.
  func cancelSleepersUntilQuiet() async -> [Duration] {
    var cancelled: [Instant] = []
    var quiet = 0
    for _ in 0..<100 where quiet < 5 {
      cancelled += cancelSleepers()
      try? await Task.sleep(for: .milliseconds(1))
      quiet = sleeperCount == 0 ? quiet + 1 : 0
    }
    cancelled += cancelSleepers()
    return cancelled.map(\.offset).sorted()
  }

}

/// The error ``TestClock/checkSuspension()`` throws when a task is still asleep on the clock.
public struct SuspensionError: Error, Sendable {
  /// Creates the error.
  public init() {}
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a test clock that measures time in `Duration`.
  public convenience init() {
    self.init(now: Instant(), minimumResolution: .zero)
  }

  /// Runs the clock until no task is asleep on it any more, giving up after `timeout` of real
  /// time with a test failure that lists what still sleeps, as swift-clocks' `run(timeout:)`
  /// does.
  ///
  /// ```swift
  /// try await store.send(.startTimer)
  /// await clock.run(timeout: .seconds(1))   // a timer that never ends fails here, and stops
  /// ```
  ///
  /// The sleeps still suspended when it gives up are cancelled, so the effects waiting on them
  /// end instead of hanging the test.
  ///
  /// - Parameters:
  ///   - timeout: How much real time to allow.
  ///   - fileID: Where the failure is reported.
  ///   - filePath: Where the failure is reported.
  ///   - line: Where the failure is reported.
  ///   - column: Where the failure is reported.
  public func run(
    timeout: Swift.Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let finished = await withTaskGroup(of: Bool.self) { group in
      group.addTask { [self] in
        await run()
        return !Task.isCancelled
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    guard !finished else { return }
    // A task the last advance woke may be between two sleeps: what was asleep is what the
    // cancellation found.
    let cancelled = await cancelSleepersUntilQuiet()
    let deadlines =
      cancelled.isEmpty
      ? "  • (a task between two sleeps)"
      : cancelled
        .map { "  • a sleep until \($0)" }.joined(separator: "\n")
    let message =
      "Expected all sleeps on the test clock to finish, but some still sleep after \(timeout) "
      + "of real time:\n\(deadlines)\n(the clock is at \(now.offset))\n"
      + "A timer that never ends keeps the clock running: cancel its effect (or the task that "
      + "sleeps) before running the clock, advance by a fixed amount with 'advance(by:)', or, "
      + "if the work only needs longer, give 'run' a longer timeout. The sleeps were cancelled."
    if !TestIssue.record(message, fileID: fileID, filePath: filePath, line: line, column: column) {
      StandardError.write("[EffectCore] \(message)\n")
    }
  }
}
