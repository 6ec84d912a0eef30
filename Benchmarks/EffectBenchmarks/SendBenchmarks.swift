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

  func send() -> [Row] {
    [Row(name: "send", ours: rootSend, baseline: direct, budget: 20, note: "vs direct call")]
  }

  func nestedSend() -> [Row] {
    let action = Level10.Action.inner(
      .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment))))))))))
    let store = Store(initialState: Level10.State()) { Level10() }
    let distinct = harness.measure(iterations: 200_000) { n in
      for _ in 0..<n { store.send(action) }
    }
    let generic = genericNestedSend()
    let baseline = rootSend
    // `body` is evaluated for every action, as in TCA (ARCHITECTURE.md): no caching across
    // actions, so each level pays building its case path and extracting the child action.
    return [
      Row(
        name: "nested-send", ours: distinct, baseline: baseline, budget: 8,
        note: "10 distinct levels vs send"),
      Row(
        name: "nested-send generic", ours: generic, baseline: baseline, budget: 8,
        note: "one generic feature 10 deep vs send"),
    ]
  }

  /// The same through `Nested` ten times over.
  private func genericNestedSend() -> Double {
    let r1 = Nested(child: Bench())
    let r2 = Nested(child: r1)
    let r3 = Nested(child: r2)
    let r4 = Nested(child: r3)
    let r5 = Nested(child: r4)
    let r6 = Nested(child: r5)
    let r7 = Nested(child: r6)
    let r8 = Nested(child: r7)
    let r9 = Nested(child: r8)
    let r10 = Nested(child: r9)
    let s1 = Nested<Bench>.State(inner: Bench.State())
    let s2 = Nested<Nested<Bench>>.State(inner: s1)
    let s3 = type(of: r3).State(inner: s2)
    let s4 = type(of: r4).State(inner: s3)
    let s5 = type(of: r5).State(inner: s4)
    let s6 = type(of: r6).State(inner: s5)
    let s7 = type(of: r7).State(inner: s6)
    let s8 = type(of: r8).State(inner: s7)
    let s9 = type(of: r9).State(inner: s8)
    let s10 = type(of: r10).State(inner: s9)
    let action = type(of: r10).Action.inner(
      .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment))))))))))
    let store = Store(initialState: s10) { r10 }
    return harness.measure(iterations: 200_000) { n in
      for _ in 0..<n { store.send(action) }
    }
  }

  func rowSend(sizes: [Int]) -> [Row] {
    let baseline = rootSend
    return sizes.map { size in
      let rows = IdentifiedArrayOf<Bench.State>(
        uniqueElements: (0..<size).map { Bench.State(id: $0) })
      let store = Store(initialState: List.State(rows: rows)) { List() }
      let target = size / 2
      let ours = harness.measure(iterations: 200_000) { n in
        for _ in 0..<n { store.send(.rows(id: target, action: .increment)) }
      }
      return Row(
        name: "row-send (\(size) rows)", ours: ours, baseline: baseline, budget: 3,
        note: "vs send")
    }
  }
}
