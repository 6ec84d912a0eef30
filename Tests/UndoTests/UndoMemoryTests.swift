import Foundation
import Testing
import Undo

/// Issue 28, item 8: what a history keeps per step when one row of 10,000 is renamed stays
/// within ARCHITECTURE.md's budget (2 KB), on the undo stack and, once undone, on the redo stack.
@MainActor
@Suite(.serialized) struct UndoMemoryTests {
  struct Document: Reducer {
    struct State: Equatable, Codable {
      var title = "Document"
      var rows: IdentifiedArrayOf<Row>
    }
    struct Row: Equatable, Codable, Identifiable {
      var id: Int
      var name: String
      var isDone = false
      var minutes = 25
    }
    enum Action: Equatable {
      case rename(id: Int, String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .rename(let id, let name): state.rows[id: id]?.name = name
      }
      return .none
    }
  }

  /// The heap in use (glibc's `mallinfo2`: `uordblks` + `hblkhd`), `nil` elsewhere.
  nonisolated static func heapInUse() -> Int? {
    #if canImport(Glibc) && arch(x86_64)
      typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else {
        return nil
      }
      var fields = [Int](repeating: 0, count: 10)
      fields.withUnsafeMutableBytes {
        _ = unsafeBitCast(symbol, to: MallInfo2.self)($0.baseAddress!)
      }
      return fields[7] + fields[4]
    #else
      return nil
    #endif
  }

  @Test(.enabled(if: heapInUse() != nil, "needs glibc's mallinfo2"))
  func aRenamedRowOf10000KeepsUnder2KBPerStep() throws {
    let rows = 10_000
    let steps = 2_000
    let store = Store(
      initialState: Document.State(
        rows: IdentifiedArray(
          uniqueElements: (0..<rows).map { Document.Row(id: $0, name: "Row \($0) of the document") }
        )
      )
    ) { Document() }
    let history = UndoHistory()
    // Other tests allocate in this process meanwhile: the least of three rounds is the figure.
    var perStep = Double.infinity
    var perUndoneStep = Double.infinity
    for round in 0..<3 {
      for index in 0..<steps {
        store.send(
          .rename(id: index * 7_919 % rows, "Row renamed in round \(round), step \(index)"),
          undoable: history, named: "Rename")
      }
      let kept = try #require(Self.heapInUse())
      for _ in 0..<steps { history.undo() }
      let undone = try #require(Self.heapInUse())
      history.removeAll()
      let forgotten = try #require(Self.heapInUse())
      perStep = min(perStep, Double(kept - forgotten) / Double(steps))
      perUndoneStep = min(perUndoneStep, Double(undone - forgotten) / Double(steps))
    }
    #expect(perStep <= 2_048, "\(perStep) bytes per step")
    #expect(perUndoneStep <= 2_048, "\(perUndoneStep) bytes per undone step")
  }
}
