import EffectCore

@inline(never)
func directCall(_ reducer: Bench, _ state: inout Bench.State, _ action: Bench.Action) {
  blackHole(reducer.reduce(into: &state, action: action))
}

/// Synchronous sends: root, through ten scopes, and to one row of a large list.
@MainActor
struct SendBenchmarks {
  let harness: Harness

  /// A direct call of the reducer: the baseline of `send`.
  var direct: Double {
    harness.measure(iterations: 2_000_000) { n in
      var state = Bench.State()
      for _ in 0..<n { directCall(Bench(), &state, .increment) }
      blackHole(state)
    }
  }

  /// A root `Store.send` with no effect.
  var rootSend: Double {
    let store = Store(initialState: Bench.State()) { Bench() }
    return harness.measure(iterations: 500_000) { n in
      for _ in 0..<n { store.send(.increment) }
    }
  }

  /// `ours` against a root send, in alternating rounds: both see the same machine, which other
  /// work shares, so the ratio does not follow the load from one row to the next.
  func againstRootSend(
    iterations: Int, _ ours: (Int) -> Void
  ) -> (baseline: Double, ours: Double) {
    let root = Store(initialState: Bench.State()) { Bench() }
    return harness.measureInterleaved(
      baselineIterations: 500_000,
      baseline: { n in for _ in 0..<n { root.send(.increment) } },
      iterations: iterations, ours: ours)
  }

  func send() -> [Row] {
    [Row(name: "send", ours: rootSend, baseline: direct, budget: 12, note: "vs direct call")]
  }

  func nestedSend() -> [Row] {
    let action = Level10.Action.inner(
      .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment))))))))))
    let store = Store(initialState: Level10.State()) { Level10() }
    let (root, nested) = againstRootSend(iterations: 200_000) { n in
      for _ in 0..<n { store.send(action) }
    }
    return [Row(name: "nested-send", ours: nested, baseline: root, budget: 8, note: "vs send")]
  }

  /// The same through one generic feature nested ten times.
  func nestedGenericSend() -> [Row] {
    typealias W = Wrapped10
    let action = W.Action.inner(
      .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment))))))))))
    // Built level by level, from `Bench` outwards.
    func wrap<Inner>(_ state: Inner.State, _ reducer: Inner) -> (Wrap<Inner>.State, Wrap<Inner>) {
      (Wrap<Inner>.State(inner: state), Wrap(child: reducer))
    }
    let (s1, r1) = wrap(Bench.State(), Bench())
    let (s2, r2) = wrap(s1, r1)
    let (s3, r3) = wrap(s2, r2)
    let (s4, r4) = wrap(s3, r3)
    let (s5, r5) = wrap(s4, r4)
    let (s6, r6) = wrap(s5, r5)
    let (s7, r7) = wrap(s6, r6)
    let (s8, r8) = wrap(s7, r7)
    let (s9, r9) = wrap(s8, r8)
    let (state, reducer): (W.State, W) = wrap(s9, r9)
    let store = Store(initialState: state) { reducer }
    let (root, nested) = againstRootSend(iterations: 200_000) { n in
      for _ in 0..<n { store.send(action) }
    }
    return [
      Row(
        name: "nested-send-generic", ours: nested, baseline: root, budget: 8,
        note: "vs send, one generic feature nested 10 times")
    ]
  }

  /// One row's send at each size against root sends, and the largest size against the smallest,
  /// each pair timed in alternating rounds.
  func rowSend(sizes: [Int]) -> [Row] {
    let sends = sizes.map { size in (size: size, send: rowSender(rows: size)) }
    var rows = sends.map { size, send in
      let (root, ours) = againstRootSend(iterations: 200_000, send)
      return Row(
        name: "row-send (\(size) rows)", ours: ours, baseline: root, budget: 3, note: "vs send")
    }
    if let small = sends.first, let large = sends.last, sends.count > 1 {
      let (few, many) = harness.measureInterleaved(
        baselineIterations: 200_000, baseline: small.send, iterations: 200_000, ours: large.send)
      rows.append(
        Row(
          name: "row-send \(small.size)→\(large.size) rows", ours: many, baseline: few,
          budget: 1.5, note: "flat: large N vs small N"))
    }
    return rows
  }

  /// Sends to the middle row of a list of `size` rows.
  private func rowSender(rows size: Int) -> (Int) -> Void {
    let rows = IdentifiedArrayOf<Bench.State>(
      uniqueElements: (0..<size).map { Bench.State(id: $0) })
    let store = Store(initialState: List.State(rows: rows)) { List() }
    let target = size / 2
    return { n in
      for _ in 0..<n { store.send(.rows(id: target, action: .increment)) }
    }
  }
}
