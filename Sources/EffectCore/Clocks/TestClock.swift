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
/// `advance` wakes sleepers in deadline order and gives each woken task time to go on (to
/// send its action and start its next sleep) before moving further, so a timer advanced by
/// three intervals ticks three times.
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
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Instant
    var sleepers: [Sleeper] = []
    var nextID = 0
  }

  private let state: LockIsolated<State>

  /// The smallest step the clock can measure.
  public let minimumResolution: Duration

  /// Creates a test clock.
  ///
  /// - Parameters:
  ///   - now: The starting instant.
  ///   - minimumResolution: The clock's resolution.
  public init(now: Instant = Instant(), minimumResolution: Duration = .zero) {
    self.state = LockIsolated(State(now: now))
    self.minimumResolution = minimumResolution
  }

  /// The clock's current time.
  public var now: Instant { state.withLock { $0.now } }

  /// How many tasks are asleep on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock has been advanced to `deadline`, or throws `CancellationError` if
  /// the task is cancelled first.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: a test clock is exact.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> Int? in
      guard deadline > state.now else { return nil }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          guard deadline > state.now, !Task.isCancelled else { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
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
  /// - Parameter duration: How far to move.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to an instant, waking every sleeper whose deadline is reached, in
  /// deadline order.
  ///
  /// - Parameter deadline: The instant to move to; earlier instants are ignored.
  public func advance(to deadline: Instant) async {
    await settle()
    while true {
      let woken = state.withLock { state -> [Sleeper] in
        guard let next = state.sleepers.map(\.deadline).min(), next <= deadline else {
          if deadline > state.now { state.now = deadline }
          return []
        }
        state.now = next
        let woken = state.sleepers.filter { $0.deadline == next }
        state.sleepers.removeAll { $0.deadline == next }
        return woken
      }
      guard !woken.isEmpty else { return }
      for sleeper in woken { sleeper.continuation.resume() }
      await settle()
    }
  }

  /// Runs the clock until no task is asleep on it any more.
  ///
  /// - Parameter limit: The longest time to run; a timer that never ends stops here.
  public func run(limit: Duration? = nil) async {
    // Let tasks that were just started reach their first sleep before looking for sleepers.
    await settle()
    let start = now
    while let next = state.withLock({ $0.sleepers.map(\.deadline).min() }) {
      if let limit, next > start.advanced(by: limit) {
        await advance(to: start.advanced(by: limit))
        return
      }
      await advance(to: next)
    }
  }

  /// Lets woken tasks run until they are asleep again or have gone quiet.
  private func settle() async {
    var quietRounds = 0
    var last = sleeperCount
    while quietRounds < 8 {
      await Task.detached(priority: .low) { await Task.yield() }.value
      await MainActor.run {}
      let count = sleeperCount
      quietRounds = count == last ? quietRounds + 1 : 0
      last = count
    }
  }
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a test clock that measures time in `Duration`.
  public convenience init() {
    self.init(now: Instant(), minimumResolution: .zero)
  }
}
