import EffectCore

/// Where effects wait, without a clock, until their task is cancelled: for tests that need
/// thousands of effects running at once and count how they end.
///
/// ```swift
/// let parking = Parking()
/// return .run { _ in await parking.park() }   // returns once the effect is cancelled
/// ```
final class Parking: Sendable {
  private struct State {
    var parked: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextID = 0
    var arrived = 0
    var cancelled = 0
    var left = 0
  }

  private let state = LockIsolated(State())

  /// Effects waiting right now.
  var parkedCount: Int { state.withLock { $0.parked.count } }
  /// Effects that started to wait.
  var arrived: Int { state.withLock { $0.arrived } }
  /// Effects whose task was cancelled while they waited (or before).
  var cancelled: Int { state.withLock { $0.cancelled } }
  /// Effects that stopped waiting and returned.
  var left: Int { state.withLock { $0.left } }

  /// Waits until the calling task is cancelled.
  func park() async {
    let id = state.withLock { state in
      state.arrived += 1
      state.nextID += 1
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // The flag is set before the handler runs, and both sides hold the lock: either the
        // handler finds the continuation, or this sees the flag.
        let resumeNow = state.withLock { state in
          guard !Task.isCancelled else { return true }
          state.parked[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      state.withLock { state in
        state.cancelled += 1
        return state.parked.removeValue(forKey: id)
      }?.resume()
    }
    state.withLock { $0.left += 1 }
  }
}
