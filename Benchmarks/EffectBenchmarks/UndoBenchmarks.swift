import EffectCore
import Foundation
import Undo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
      let plain = plainSend(rows: size)
      let judged = size == 10_000
      sends.append(
        Row(
          name: "undo-send (\(size) rows)", ours: undoableSend(rows: size), baseline: plain,
          budget: 400, note: "vs the same send without undo", judged: judged))
      undos.append(
        Row(
          name: "undo (\(size) rows)", ours: undo(rows: size), baseline: plain, budget: 4_000,
          note: "history.undo() vs the plain send", judged: judged))
      memory.append(
        Row(
          name: "undo-memory (\(size) rows)", ours: memoryPerStep(rows: size), baseline: 1,
          budget: 2_048, note: "kept per step (resident memory)", kind: .absolute(unit: "B"),
          judged: judged))
    }
    return sends + memory + undos
  }

  /// Timed iterations for an operation whose cost may grow with the rows.
  private func iterations(rows: Int) -> Int { max(500, 20_000_000 / rows) }

  private func store(rows: Int) -> Store<Document.State, Document.Action> {
    let store = Store(initialState: Document.State(rows: rows)) { Document() }
    blackHole(store.state)
    return store
  }

  private func plainSend(rows: Int) -> Double {
    let store = store(rows: rows)
    let names = ["Renamed row of the document", "Row renamed again in the document"]
    return harness.measure(iterations: 200_000) { n in
      for index in 0..<n { store.send(.rename(id: rows / 2, names[index & 1])) }
    }
  }

  private func undoableSend(rows: Int) -> Double {
    let store = store(rows: rows)
    let history = UndoHistory(levelsOfUndo: 100)
    let names = ["Renamed row of the document", "Row renamed again in the document"]
    return harness.measure(iterations: iterations(rows: rows)) { n in
      for index in 0..<n {
        store.send(.rename(id: rows / 2, names[index & 1]), undoable: history, named: "Rename")
      }
    }
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

  /// Resident memory per recorded step, each renaming another row. The count includes the new
  /// name itself (about 48 bytes), which the state holds whether or not the step is kept.
  private func memoryPerStep(rows: Int) -> Double {
    let store = store(rows: rows)
    let history = UndoHistory()
    for index in 0..<20 {
      store.send(.rename(id: index, "Warming up the row \(index)"), undoable: history)
    }
    history.removeAll()
    let steps = harness.iterations(20_000)
    let before = Self.residentBytes()
    for index in 0..<steps {
      store.send(
        .rename(id: index * 7_919 % rows, "Row renamed in step \(index)"), undoable: history,
        named: "Rename")
    }
    let after = Self.residentBytes()
    precondition(history.undoCount == steps, "every rename is a step")
    return Double(after - before) / Double(steps)
  }

  /// The process's resident memory after giving freed heap memory back to the system (glibc's
  /// `malloc_trim`), so that the buffers the sends freed are not counted.
  static func residentBytes() -> Int {
    #if canImport(Glibc)
      typealias Trim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
      }
    #endif
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(getpagesize())
  }
}
