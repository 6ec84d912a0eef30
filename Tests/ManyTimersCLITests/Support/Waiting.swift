import EffectCore

/// Waits until `condition` holds: first by yielding (enough when effects only hop between tasks
/// and the main actor), then by polling in millisecond steps for at most `timeout` of real time.
///
/// - Returns: Whether the condition held in time.
@MainActor
func eventually(
  timeout: Duration = .seconds(2), _ condition: () -> Bool
) async -> Bool {
  for _ in 0..<200 {
    if condition() { return true }
    await Task.yield()
  }
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while clock.now < deadline {
    if condition() { return true }
    try? await clock.sleep(for: .milliseconds(1))
  }
  return condition()
}

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
