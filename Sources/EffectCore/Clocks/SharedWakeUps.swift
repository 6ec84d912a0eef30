/// One wake-up for all the timers on a real clock.
///
/// A timer that sleeps on its own costs the system a timer registration and a thread wake-up per
/// tick; ten thousand timers ticking every second cost ten thousand of each. Timers on
/// `ContinuousClock` and `SuspendingClock` (clocks whose instants mean the same thing everywhere
/// in the process) wait here instead: deadlines are kept in one queue, one task sleeps until the
/// earliest, and when it wakes it resumes every waiter whose deadline has come.
///
/// A waiter is never resumed before its deadline. After a wake-up the next one is at least
/// ``window`` later, so deadlines that close together are served by one wake-up, each at most
/// `window` late: the leeway every real clock's sleep has anyway. Cancelling a waiter resumes it
/// at once with `CancellationError`, like `Task.sleep`.
///
/// Other clocks (`TestClock`, `ImmediateClock`, yours) are never shared: their timers sleep on
/// the clock itself, so virtual time stays exact.
///
/// Deadlines are kept as durations since the moment the wake-ups were made, so that the queue is
/// concrete code whatever the clock.
@usableFromInline
final class SharedWakeUps: Sendable {
  /// The time on the clock, as a duration since the wake-ups were made.
  private let now: @Sendable () -> Duration
  /// Sleeps until a time given as a duration since the wake-ups were made.
  private let sleep: @Sendable (Duration) async throws -> Void
  /// The least time between two wake-ups.
  let window: Duration
  private let state = LockIsolated(State())

  private struct State {
    var deadlines = DeadlineQueue()
    var waiters: [UInt64: Waiter] = [:]
    var lastID: UInt64 = 0
    /// The task that sleeps until the earliest deadline, and that deadline.
    var driver: (task: Task<Void, Never>, target: Duration, generation: UInt64)?
    var generation: UInt64 = 0
  }

  private enum Waiter {
    /// Has an id; its continuation is not stored yet.
    case reserved
    /// Cancelled before its continuation was stored.
    case cancelled
    case waiting(UnsafeContinuation<Void, any Error>)
  }

  init<C: Clock>(clock: C, window: Duration) where C.Duration == Duration {
    let origin = clock.now
    self.now = { origin.duration(to: clock.now) }
    self.sleep = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    self.window = window
  }

  /// The time on the clock, as a duration since the wake-ups were made.
  var elapsed: Duration { now() }

  /// The number of waiters, for tests.
  var waiting: Int {
    state.withLock { $0.waiters.count }
  }

  /// Suspends until `deadline` has passed on the clock, or throws `CancellationError` as soon as
  /// the calling task is cancelled.
  @usableFromInline
  func sleep(until deadline: Duration) async throws {
    let id = state.withLock { state in
      state.lastID &+= 1
      state.waiters[state.lastID] = .reserved
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        let (isCancelled, superseded) = state.withLock { state -> (Bool, Task<Void, Never>?) in
          if case .cancelled = state.waiters[id] {
            state.waiters[id] = nil
            return (true, nil)
          }
          state.waiters[id] = .waiting(continuation)
          state.deadlines.insert(deadline, id: id)
          if let driver = state.driver, driver.target <= deadline { return (false, nil) }
          let superseded = state.driver?.task
          startDriver(&state, target: deadline)
          return (false, superseded)
        }
        superseded?.cancel()
        if isCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
        switch state.waiters[id] {
        case .reserved:
          state.waiters[id] = .cancelled
          return nil
        case .waiting(let continuation):
          state.waiters[id] = nil
          state.deadlines.noteAbandoned()
          return continuation
        case .cancelled, nil:
          return nil
        }
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Starts a driver sleeping until `target`; the caller cancels the one it replaces.
  private func startDriver(_ state: inout State, target: Duration) {
    state.generation &+= 1
    let generation = state.generation
    // Detached: the driver serves every timer, and inherits nothing from the one that started it.
    let task = Task.detached { [self] in await drive(generation: generation, target: target) }
    state.driver = (task, target, generation)
  }

  private func drive(generation: UInt64, target: Duration) async {
    var target = target
    while true {
      do {
        try await sleep(target)
      } catch {
        return  // Replaced by a driver with an earlier target.
      }
      let now = self.now()
      let (due, isDone) = state.withLock { state -> ([UnsafeContinuation<Void, any Error>], Bool) in
        guard state.driver?.generation == generation else { return ([], true) }
        var due: [UnsafeContinuation<Void, any Error>] = []
        while let (deadline, id) = state.deadlines.first, deadline <= now {
          state.deadlines.removeFirst()
          // A waiter cancelled after it started waiting left its deadline behind.
          guard case .waiting(let continuation) = state.waiters.removeValue(forKey: id) else {
            state.deadlines.forgetAbandoned()
            continue
          }
          due.append(continuation)
        }
        if state.deadlines.needsCompaction {
          let waiters = state.waiters
          state.deadlines.compact { waiters[$0] != nil }
        }
        guard let (earliest, _) = state.deadlines.first else {
          state.driver = nil
          return (due, true)
        }
        target = max(earliest, now + window)
        state.driver?.target = target
        return (due, false)
      }
      for continuation in due { continuation.resume() }
      if isDone { return }
    }
  }
}

/// The shared wake-ups of the real clocks.
private let continuousWakeUps = SharedWakeUps(
  clock: ContinuousClock(), window: .milliseconds(2))
private let suspendingWakeUps = SharedWakeUps(
  clock: SuspendingClock(), window: .milliseconds(2))

extension Clock {
  /// The wake-ups this clock's timers share, or `nil` if the clock's instants do not mean the
  /// same thing process-wide.
  var sharedWakeUps: SharedWakeUps? {
    switch self {
    case is ContinuousClock: continuousWakeUps
    case is SuspendingClock: suspendingWakeUps
    default: nil
    }
  }
}

/// Deadlines in a binary min-heap, earliest first; ties keep their insertion order.
struct DeadlineQueue {
  private var heap: [(deadline: Duration, id: UInt64)] = []
  /// Entries whose waiter was cancelled while waiting, still in the heap.
  private var abandoned = 0

  var count: Int { heap.count }

  var first: (Duration, UInt64)? {
    heap.first.map { ($0.deadline, $0.id) }
  }

  mutating func insert(_ deadline: Duration, id: UInt64) {
    heap.append((deadline, id))
    siftUp(heap.count - 1)
  }

  mutating func removeFirst() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    siftDown(0)
  }

  mutating func noteAbandoned() { abandoned += 1 }

  mutating func forgetAbandoned() { abandoned = max(0, abandoned - 1) }

  /// Whether abandoned entries are more than half of the heap: timers cancelled long before
  /// their deadline must not pile up.
  var needsCompaction: Bool { abandoned > 64 && abandoned * 2 > heap.count }

  /// Drops the entries whose waiter is gone.
  mutating func compact(keeping isLive: (UInt64) -> Bool) {
    heap.removeAll { !isLive($0.id) }
    abandoned = 0
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  private func precedes(_ a: Int, _ b: Int) -> Bool {
    heap[a].deadline < heap[b].deadline
      || (heap[a].deadline == heap[b].deadline && heap[a].id < heap[b].id)
  }

  private mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(child, parent) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ index: Int) {
    var parent = index
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      var smallest = left
      if left + 1 < heap.count, precedes(left + 1, left) { smallest = left + 1 }
      guard precedes(smallest, parent) else { return }
      heap.swapAt(smallest, parent)
      parent = smallest
    }
  }
}
