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
        return false
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

  /// swift-concurrency-extras' `Task.never()` is generic over its result, so it stands in for a
  /// value: `(try? await Task.never()) ?? fallback`.
  @Test func standsInForAValueOfAnyType() async {
    let fallback = Task { (try? await Task.never()) ?? 7 }
    let typed = Task { () -> String in
      do {
        let value: String = try await Task.never()
        return value
      } catch {
        return "\(type(of: error))"
      }
    }
    for _ in 0..<100 { await Task.yield() }
    fallback.cancel()
    typed.cancel()
    #expect(await fallback.value == 7)
    #expect(await typed.value == "CancellationError")
  }

  /// As in swift-concurrency-extras, the statement form returns `Void`: code may follow it.
  @Test func theStatementFormReturnsVoid() async {
    let reached = LockIsolated(false)
    let task = Task {
      try await Task.never()
      reached.setValue(true)
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(!reached.value)
  }
}
