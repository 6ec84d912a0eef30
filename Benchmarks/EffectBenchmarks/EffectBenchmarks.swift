import EffectCore

/// Asynchronous work: effects from start to delivery, and cancellation.
@MainActor
struct EffectBenchmarks {
  let harness: Harness

  /// An effect from start to delivery, against bare tasks that cross the threads it crosses:
  /// the effect's work runs on the global executor and its action is reduced on the main actor,
  /// so the baseline starts a task off the main actor that hops back to it, and the main actor
  /// awaits both. Many short rounds (57, of 500 effects each, the two taking turns at going
  /// first) and the median of their ratios: the cost of a hop between threads moves with the
  /// machine's load from one moment to the next, and fifteen rounds of 2,000 still gave ratios
  /// from 1.1 to 2.2 in ten runs of the same build. The plain
  /// `Task {}` (which never leaves the main actor) is printed beside it.
  func effect() async -> [Row] {
    let store = Store(initialState: Bench.State()) { Bench() }
    func effects(_ n: Int) async {
      for _ in 0..<n { await store.send(.runEffect).finish() }
    }
    func bareHops(_ n: Int) async {
      for _ in 0..<n { await Task.detached { await MainActor.run {} }.value }
    }
    let steady = Harness(rounds: harness.rounds * 8 + 1, scale: harness.scale)
    let (bare, ours) = await steady.measureInterleaved(
      iterations: 2_500, baseline: bareHops, ours: effects)
    // The same on one thread: no hand-off waits for the system to wake a thread, so what is
    // left is the runtime's own work, steady from run to run where the row above is not.
    let (serialBare, serialOurs) = await withMainSerialExecutor {
      await steady.measureInterleaved(iterations: 2_500, baseline: bareHops, ours: effects)
    }
    let (plainTask, oursAgain) = await harness.measureInterleaved(iterations: 20_000) { n in
      for _ in 0..<n { await Task {}.value }
    } ours: { n in
      await effects(n)
    }
    return [
      Row(
        name: "effect", ours: ours, baseline: bare, budget: 2,
        note: "vs a bare task off the main actor and back"),
      Row(
        name: "effect on one thread", ours: serialOurs, baseline: serialBare, budget: .infinity,
        note: "the same inside withMainSerialExecutor: the runtime's work alone (not judged)",
        judged: false),
      Row(
        name: "effect vs Task {}", ours: oursAgain, baseline: plainTask, budget: .infinity,
        note: "a bare Task on the main actor (not judged)", judged: false),
    ]
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
