/// The effects a test store's feature started, each with the action that returned it and the
/// test's call that led to it: what leak checks name, and where they report.
@MainActor
final class EffectLedger<Action> {
  struct Entry {
    let handle: EffectHandle
    /// The action whose reducer returned the effect.
    let action: Action
    /// The test's `send` that led to it: the one running, or the last one before an effect
    /// delivered the action.
    let site: CallSite
  }

  private var entries: [Entry] = []
  /// The test's call that effects started now are reported at.
  var origin: CallSite
  /// Counts the effects whose work has begun: see ``allStarted``.
  let starts = EffectStarts()
  /// How many effects with a task the feature started.
  private var launched = 0

  init(origin: CallSite) {
    self.origin = origin
  }

  /// Notes the effects an action started (see `RootCore.didStartEffects`).
  func record(_ action: Action, _ handles: ArraySlice<EffectHandle>) {
    for handle in handles {
      entries.append(Entry(handle: handle, action: action, site: origin))
      if !handle.isSubscription { launched += 1 }
    }
    // Finished effects are dropped now and then, so that a long test does not keep them all.
    if entries.count >= 64, entries.count.nonzeroBitCount == 1 { _ = running }
  }

  /// The effects that may still deliver (neither finished nor cancelled), subscriptions
  /// included, in the order they started.
  var running: [Entry] {
    entries.removeAll { $0.handle.isFinished }
    return entries.filter { $0.handle.isActive }
  }

  /// Whether `handle` is one of the effects the feature started.
  func knows(_ handle: EffectHandle) -> Bool {
    entries.contains { $0.handle === handle }
  }

  /// Whether the work of every effect with a task has begun: until then, an effect that has
  /// something to deliver at once may simply not have had a thread yet.
  var allStarted: Bool { starts.count >= launched }
}

/// Counts the effects whose work has begun. Entered inside each effect's task, innermost of a
/// test store's contexts.
final class EffectStarts: ReducerContext {
  private let started = LockIsolated(0)

  var count: Int { started.value }

  func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try operation()
  }

  func withEffectContext(_ operation: () async -> Void) async {
    started.withLock { $0 += 1 }
    await operation()
  }
}
