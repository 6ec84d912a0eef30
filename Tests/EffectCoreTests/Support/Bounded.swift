import EffectCore
import Testing

/// Runs `body` in a task of its own and waits for it at most `limit` of real time: a hang check
/// only, for tests whose failure would otherwise be a test that never ends. A body that does not
/// end in time is recorded as an issue and left behind.
///
/// ```swift
/// await bounded {
///   let clock = TestClock()
///   …
/// }
/// ```
func bounded(
  _ limit: Duration = .seconds(30),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () async throws -> Void
) async {
  let outcome = BoundedOutcome()
  let work = Task {
    do {
      try await body()
      outcome.end(nil)
    } catch {
      outcome.end(error)
    }
  }
  let timer = Task {
    try? await Task.sleep(for: limit)
    outcome.timeOut()
  }
  let result = await outcome.value
  timer.cancel()
  switch result {
  case .ended(nil): break
  case .ended(let error?): Issue.record(error, sourceLocation: sourceLocation)
  case .timedOut:
    work.cancel()
    Issue.record("Did not end within \(limit): it hangs", sourceLocation: sourceLocation)
  }
}

/// The first of a bounded body's end and its time limit.
private final class BoundedOutcome: Sendable {
  enum Result: Sendable {
    case ended((any Error)?)
    case timedOut
  }

  private struct State {
    var result: Result?
    var waiter: CheckedContinuation<Result, Never>?
  }

  private let state = LockIsolated(State())

  func end(_ error: (any Error)?) { finish(.ended(error)) }
  func timeOut() { finish(.timedOut) }

  private func finish(_ result: Result) {
    let waiter = state.withLock { state -> CheckedContinuation<Result, Never>? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: result)
  }

  var value: Result {
    get async {
      await withCheckedContinuation { continuation in
        let result = state.withLock { state -> Result? in
          if state.result == nil { state.waiter = continuation }
          return state.result
        }
        if let result { continuation.resume(returning: result) }
      }
    }
  }
}
