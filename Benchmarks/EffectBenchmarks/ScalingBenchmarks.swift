import EffectCore
import EffectIdentifier

/// The same operation with few and with many things around it: in flight, in the list, in use.
/// Each row's ratio is the large figure over the small one; flat means at most 1.5.
@MainActor
struct ScalingBenchmarks {
  let harness: Harness
  let small: Int
  let large: Int

  private func row(_ name: String, small: Double, large: Double) -> Row {
    Row(
      name: "\(name) \(self.small)→\(self.large)", ours: large, baseline: small, budget: 1.5,
      note: "flat: large N vs small N")
  }

  /// A store with `count` effects sleeping, each cancellable by its own id.
  private func store(inFlight count: Int) -> Store<Bench.State, Bench.Action> {
    let store = Store(initialState: Bench.State()) { Bench() }
    for id in 0..<count { store.send(.sleep(id: id)) }
    return store
  }

  /// Root sends with few and with many effects in flight.
  func send() -> Row {
    func measure(inFlight count: Int) -> Double {
      let store = store(inFlight: count)
      return harness.measure(iterations: 500_000) { n in
        for _ in 0..<n { store.send(.increment) }
      }
    }
    return row("send in flight", small: measure(inFlight: small), large: measure(inFlight: large))
  }

  /// Start and cancel one effect with few and with many others in flight, in rounds that
  /// alternate the two stores: a task's start and end move by 2× within a minute on a shared
  /// machine, more than this row's margin.
  func cancel() async -> Row {
    func cycles(_ store: Store<Bench.State, Bench.Action>) -> (Int) async -> Void {
      { n in
        for _ in 0..<n {
          let task = store.send(.startSleep)
          store.send(.stopSleep)
          await task.finish()
        }
      }
    }
    let few = store(inFlight: small)
    let many = store(inFlight: large)
    let (smallFigure, largeFigure) = await harness.measureInterleaved(
      iterations: 20_000, baseline: cycles(few), ours: cycles(many))
    return row("cancel in flight", small: smallFigure, large: largeFigure)
  }

  /// An `@EffectID` read in three namespaces, with few and with many other namespaced ids alive.
  func effectID() -> Row {
    func measure(alive count: Int) -> Double {
      var alive: [EffectID] = []
      for index in 0..<count {
        _ = IDLoop(count: 1).namespace(index).reduce(into: &alive, action: ())
      }
      let figure = harness.measure(iterations: 2_000_000) { n in
        var state: [EffectID] = []
        let reader = IDLoop(count: n).namespace("row").namespace("list").namespace("document")
        _ = reader.reduce(into: &state, action: ())
        blackHole(state)
      }
      blackHole(alive)
      return figure
    }
    return row("effect-id alive", small: measure(alive: small), large: measure(alive: large))
  }
}
