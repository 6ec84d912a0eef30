import Foundation
import SharedState

/// Runs `body` on a thread of its own, with the dependencies and the runtime-warning handler in
/// force here, and waits at most `timeout` of real time for it to return.
///
/// For code that once deadlocked: a regression fails its test fast instead of blocking one of the
/// few threads of Swift's cooperative pool (and with it the rest of the suite) for good. The
/// thread of a body that never returns stays blocked until the process ends.
///
/// A thread has no Swift Testing test of its own, so a test value read there is made afresh at
/// each read: give the storages the body shares (`$0.defaultInMemoryStorage = InMemoryStorage()`)
/// in a `withDependencies` around the call.
///
/// - Returns: Whether `body` returned in time.
func returnsInTime(
  within timeout: Duration = .seconds(10), _ body: @escaping @Sendable () -> Void
) async -> Bool {
  let dependencies = withEscapedDependencies { $0 }
  let handler = RuntimeWarning.handler
  let seconds = Double(timeout.components.seconds)
  return await withCheckedContinuation { continuation in
    let outcome = FirstOutcome(continuation)
    Thread {
      RuntimeWarning.$handler.withValue(handler) {
        dependencies.yield { body() }
      }
      outcome.resume(returning: true)
    }.start()
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
      outcome.resume(returning: false)
    }
  }
}

/// Resumes a continuation with the first outcome only.
private final class FirstOutcome: Sendable {
  private let continuation: LockIsolated<CheckedContinuation<Bool, Never>?>

  init(_ continuation: CheckedContinuation<Bool, Never>) {
    self.continuation = LockIsolated(continuation)
  }

  func resume(returning value: Bool) {
    let continuation = continuation.withLock { continuation in
      defer { continuation = nil }
      return continuation
    }
    continuation?.resume(returning: value)
  }
}
