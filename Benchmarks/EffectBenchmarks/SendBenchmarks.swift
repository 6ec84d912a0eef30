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
    typealias L1 = Level<Bench>
    typealias L2 = Level<L1>
    typealias L3 = Level<L2>
    typealias L4 = Level<L3>
    typealias L5 = Level<L4>
    typealias L6 = Level<L5>
    typealias L7 = Level<L6>
    typealias L8 = Level<L7>
    typealias L9 = Level<L8>
    typealias L10 = Level<L9>
    let state = L10.State(
      inner: L9.State(
        inner: L8.State(
          inner: L7.State(
            inner: L6.State(
              inner: L5.State(
                inner: L4.State(
                  inner: L3.State(
                    inner: L2.State(inner: L1.State(inner: Bench.State()))))))))))
    let action = L10.Action.inner(
      .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment))))))))))
    let reducer = L10(
      child: L9(
        child: L8(
          child: L7(
            child: L6(
              child: L5(child: L4(child: L3(child: L2(child: L1(child: Bench()))))))))))
    let store = Store(initialState: state) { reducer }
    let nested = harness.measure(iterations: 200_000) { n in
      for _ in 0..<n { store.send(action) }
    }
    return [Row(name: "nested-send", ours: nested, baseline: rootSend, budget: 3, note: "vs send")]
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
