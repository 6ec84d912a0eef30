import EffectCore

/// Puts a store's reducer and every one of its effects under watch: runtime warnings are
/// collected instead of printed, and effect bodies are counted as they start and return.
///
/// ```swift
/// let probe = EffectProbe()
/// let store = Store(initialState: Shoebox.State()) { Shoebox().context(probe) }
/// #expect(probe.running == 0)
/// ```
final class EffectProbe: ReducerContext {
  private struct Counts {
    var started = 0
    var returned = 0
    var warnings: [String] = []
  }

  private let counts = LockIsolated(Counts())

  /// Effect bodies that have started.
  var started: Int { counts.withLock { $0.started } }
  /// Effect bodies that have started and not returned yet.
  var running: Int { counts.withLock { $0.started - $0.returned } }
  /// The runtime warnings reported by the reducer or its effects.
  var warnings: [String] { counts.withLock { $0.warnings } }

  func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try RuntimeWarning.$handler.withValue(record, operation: operation)
  }

  func withEffectContext(_ operation: () async -> Void) async {
    counts.withLock { $0.started += 1 }
    await RuntimeWarning.$handler.withValue(record, operation: operation)
    counts.withLock { $0.returned += 1 }
  }

  private var record: @Sendable (String) -> Void {
    { [counts] message in counts.withLock { $0.warnings.append(message) } }
  }
}
