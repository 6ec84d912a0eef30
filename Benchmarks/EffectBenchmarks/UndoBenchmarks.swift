import EffectCore
import Undo

/// Undoable sends, undo, and the memory a step keeps, on a document of N identified rows with
/// one row renamed per send; against the same rename sent without undo.
///
/// The plain send goes to a store whose state has been read, as an undoable store's has (undo
/// reads the state) and as every store a view shows has: such a store tells its observers of
/// every change.
@MainActor
struct UndoBenchmarks {
  let harness: Harness

  /// The three rows at each size; the budget is for 10,000 rows, the other sizes show the shape.
  func rows(sizes: [Int]) -> [Row] {
    var sends: [Row] = []
    var undos: [Row] = []
    var memory: [Row] = []
    for size in sizes {
      let (plain, undoable) = timeSends(rows: size)
      let judged = size == 10_000
      sends.append(
        Row(
          name: "undo-send (\(size) rows)", ours: undoable, baseline: plain,
          budget: 100, note: "vs the same send without undo", judged: judged))
      undos.append(
        Row(
          name: "undo (\(size) rows)", ours: undo(rows: size), baseline: plain, budget: 1_000,
          note: "history.undo() vs the plain send", judged: judged))
      memory.append(
        Row(
          name: "undo-memory (\(size) rows)", ours: memoryPerStep(rows: size), baseline: 1,
          budget: 1_024, note: "kept per step (heap in use; needs glibc on x86-64)",
          kind: .absolute(unit: "B"), judged: judged))
    }
    return sends + memory + undos
  }

  /// Timed iterations for an operation whose cost may grow with the rows.
  private func iterations(rows: Int) -> Int { max(500, 20_000_000 / rows) }

  private func store(rows: Int) -> Store<Document.State, Document.Action> {
    let store = Store(initialState: Document.State(rows: rows)) { Document() }
    store.withState { blackHole($0) }
    return store
  }

  /// A rename sent plainly and sent undoably, timed in alternating rounds.
  private func timeSends(rows: Int) -> (plain: Double, undoable: Double) {
    let plainStore = store(rows: rows)
    let undoableStore = store(rows: rows)
    let history = UndoHistory(levelsOfUndo: 100)
    let names = ["Renamed row of the document", "Row renamed again in the document"]
    let plain = { (n: Int) in
      for index in 0..<n { plainStore.send(.rename(id: rows / 2, names[index & 1])) }
    }
    let undoable = { (n: Int) in
      for index in 0..<n {
        undoableStore.send(
          .rename(id: rows / 2, names[index & 1]), undoable: history, named: "Rename")
      }
    }
    let figures = harness.measureInterleaved(
      baselineIterations: 200_000, baseline: plain, iterations: iterations(rows: rows),
      ours: undoable)
    return (figures.baseline, figures.ours)
  }

  private func undo(rows: Int) -> Double {
    let store = store(rows: rows)
    let history = UndoHistory()
    var round = 0
    return harness.measure(iterations: iterations(rows: rows)) { n in
      history.removeAll()
      round += 1
      for index in 0..<n {
        store.send(
          .rename(id: index * 7_919 % rows, "Row renamed in round \(round), step \(index)"),
          undoable: history, named: "Rename")
      }
    } _: { n in
      for _ in 0..<n { history.undo() }
    }
  }

  /// The memory a history keeps per recorded step, each renaming another row: the heap in use
  /// with the steps, less the heap in use once they are forgotten. That counts everything only
  /// the steps keep alive (their changes and the old names), and not the new names, which the
  /// state holds either way.
  private func memoryPerStep(rows: Int) -> Double {
    let store = store(rows: rows)
    let history = UndoHistory()
    let steps = harness.iterations(20_000)
    for index in 0..<steps {
      store.send(
        .rename(id: index * 7_919 % rows, "Row renamed in step \(index)"), undoable: history,
        named: "Rename")
    }
    precondition(history.undoCount == steps, "every rename is a step")
    guard let kept = HeapInUse.bytes() else { return .nan }
    history.removeAll()
    guard let forgotten = HeapInUse.bytes() else { return .nan }
    return Double(kept - forgotten) / Double(steps)
  }
}
