import EffectCore
import Testing

@MainActor
@Suite struct TaskNeverTests {
  @Test func suspendsUntilCancelledThenThrowsCancellationError() async {
    let ended = LockIsolated<(any Error)?>(nil)
    let task = Task {
      do {
        try await Task.never()
      } catch {
        ended.withLock { $0 = error }
      }
    }
    for _ in 0..<100 { await Task.yield() }
    #expect(ended.withLock { $0 } == nil)
    task.cancel()
    await task.value
    #expect(ended.withLock { $0 } is CancellationError)
  }

  @Test func throwsAtOnceInACancelledTask() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        try await Task.never()
      } catch {
        return error is CancellationError
      }
    }
    #expect(await task.value)
  }

  @Test func anEffectStaysAliveUntilCancelled() async throws {
    enum Action: Equatable { case start, stop }
    let probe = Probe()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .start:
          return .run { _ in
            defer { probe.record("closed") }
            try await Task.never()
          }
          .cancellable(id: "connection")
        case .stop:
          return .cancel(id: "connection")
        }
      }
    }
    try await store.send(.start)
    #expect(probe.all.isEmpty)
    try await store.send(.stop)
    try await store.finish()
    #expect(probe.all == ["closed"])
  }
}
