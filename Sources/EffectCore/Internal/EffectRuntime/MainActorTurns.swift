/// Runs work on the main actor's next turn, outside every task's task-local values, through one
/// task that lives as long as the process: what delivers the actions effects send (see
/// `EffectRegistry.post`). A parked task resumed costs one job of the main actor's queue; a new
/// task per turn would cost an allocation and its teardown on top, for every action an effect
/// sends while the store is idle.
enum MainActorTurns {
  private struct State {
    var ready: [@MainActor @Sendable () -> Void] = []
    /// The task, parked while nothing is ready.
    var parked: UnsafeContinuation<Void, Never>?
    var isStarted = false
  }

  private static let state = LockIsolated(State())

  /// Runs `work` on the main actor's next turn, after the work scheduled before it.
  static func schedule(_ work: @escaping @MainActor @Sendable () -> Void) {
    let (parked, start) = state.withLock { state -> (UnsafeContinuation<Void, Never>?, Bool) in
      state.ready.append(work)
      if let parked = state.parked {
        state.parked = nil
        return (parked, false)
      }
      defer { state.isStarted = true }
      return (nil, !state.isStarted)
    }
    parked?.resume()
    // Detached: it starts with no task-local values, and keeps none.
    if start { Task.detached { await run() } }
  }

  /// Takes turns of the main actor for as long as the process lives: one turn for all the work
  /// ready when it comes, then another turn (behind the main actor's other work) if more came
  /// meanwhile, or parked until some does.
  @MainActor
  private static func run() async {
    while true {
      let work = state.withLock { state in
        defer { state.ready = [] }
        return state.ready
      }
      for item in work { item() }
      let hasMore = state.withLock { !$0.ready.isEmpty }
      if hasMore {
        await Task.yield()
        continue
      }
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let isReady = state.withLock { state -> Bool in
          guard state.ready.isEmpty else { return true }
          state.parked = continuation
          return false
        }
        if isReady { continuation.resume() }
      }
    }
  }
}
