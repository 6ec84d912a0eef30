import SharedState

/// A counter whose count is shared: the same work as `Bench`'s increment, through `Shared`.
struct SharedBench: Reducer {
  struct State {
    @Shared var count: Int
  }
  enum Action { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let count = state.count
    state.$count.withLock { $0 = count &+ 1 }
    return .none
  }
}

/// Rows that all hold one shared total.
struct SharedRowList: Reducer {
  struct Row {
    @Shared var total: Int
    var title = "row"
  }
  struct State {
    var rows: [Row]
  }
  enum Action { case none }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Reading and writing a shared value in a reducer, and changing one value many rows share.
@MainActor
struct SharedBenchmarks {
  let harness: Harness

  /// `shared-read-write`: a send whose reducer reads and writes a `Shared`, against the same
  /// send on a plain stored property.
  func readWrite() -> Row {
    let plainStore = Store(initialState: Bench.State()) { Bench() }
    let sharedStore = Store(initialState: SharedBench.State(count: Shared(value: 0))) {
      SharedBench()
    }
    // Alternating rounds: both see the same machine, which other work shares.
    let (plain, shared) = harness.measureInterleaved(
      baselineIterations: 500_000,
      baseline: { n in for _ in 0..<n { plainStore.send(.increment) } },
      iterations: 500_000,
      ours: { n in for _ in 0..<n { sharedStore.send(.increment) } })
    return Row(
      name: "shared-read-write", ours: shared, baseline: plain, budget: 3,
      note: "vs send on a plain property")
  }

  /// `shared-rows`: a change to one value held by every row of a store's state costs the same
  /// with 10,000 rows as with 10: the rows hold a reference, nothing is copied, and observers
  /// hear one notification from the value's own registrar.
  func rows(small: Int, large: Int) -> [Row] {
    /// Changes to a value that `count` rows of a store's state hold.
    func change(rows count: Int) -> (Int) -> Void {
      let total = Shared(value: 0)
      let rows = (0..<count).map { _ in SharedRowList.Row(total: total) }
      let store = Store(initialState: SharedRowList.State(rows: rows)) { SharedRowList() }
      // The store is observed, as a view would observe it.
      _ = store.state
      return { n in
        for _ in 0..<n { total.withLock { $0 &+= 1 } }
        blackHole(store)
      }
    }
    let (few, many) = harness.measureInterleaved(
      baselineIterations: 500_000, baseline: change(rows: small), iterations: 500_000,
      ours: change(rows: large))
    return [
      Row(
        name: "shared-rows \(small)→\(large) rows", ours: many, baseline: few, budget: 1.5,
        note: "a change: flat, large N vs small N")
    ]
  }
}
