import EffectCore

/// Asynchronous work: effects from start to delivery, and cancellation.
@MainActor
struct EffectBenchmarks {
  let harness: Harness

  func effect() async -> [Row] {
    let store = Store(initialState: Bench.State()) { Bench() }
    let (bare, ours) = await harness.measureInterleaved(iterations: 20_000) { n in
      for _ in 0..<n { await Task {}.value }
    } ours: { n in
      for _ in 0..<n { await store.send(.runEffect).finish() }
    }
    return [Row(name: "effect", ours: ours, baseline: bare, budget: 3, note: "vs bare Task")]
  }

  func cancel() async -> [Row] {
    let store = Store(initialState: Bench.State()) { Bench() }
    let (bare, ours) = await harness.measureInterleaved(iterations: 20_000) { n in
      for _ in 0..<n {
        let task = Task { try? await Task.sleep(for: .seconds(3600)) }
        task.cancel()
        await task.value
      }
    } ours: { n in
      for _ in 0..<n {
        let task = store.send(.startSleep)
        store.send(.stopSleep)
        await task.finish()
      }
    }
    return [
      Row(name: "cancel", ours: ours, baseline: bare, budget: 3, note: "vs bare Task sleep+cancel")
    ]
  }
}
