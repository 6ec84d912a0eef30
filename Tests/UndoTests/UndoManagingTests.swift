import Testing
import Undo

/// An undo stack that behaves as Foundation's `UndoManager` for what a store uses of it: a step
/// registered while undoing becomes the redo, while redoing the undo, and a new step clears the
/// redos.
@MainActor
final class RecordingUndoManager: UndoManaging {
  private var undos: [(name: String?, run: @MainActor () -> Void)] = []
  private var redos: [(name: String?, run: @MainActor () -> Void)] = []
  private var state = Direction.normal
  private enum Direction { case normal, undoing, redoing }

  var undoActionName: String? { undos.last?.name }
  var redoActionName: String? { redos.last?.name }
  var canUndo: Bool { !undos.isEmpty }
  var canRedo: Bool { !redos.isEmpty }

  func registerUndoStep<Target: AnyObject & Sendable>(
    target: Target, _ handler: @escaping @MainActor @Sendable (Target) -> Void
  ) {
    let step: (name: String?, run: @MainActor () -> Void) = (nil, { handler(target) })
    switch state {
    case .normal:
      undos.append(step)
      redos.removeAll()
    case .undoing: redos.append(step)
    case .redoing: undos.append(step)
    }
  }

  func setUndoStepName(_ name: String) {
    switch state {
    case .undoing: redos[redos.count - 1].name = name
    case .normal, .redoing: undos[undos.count - 1].name = name
    }
  }

  func undo() {
    let step = undos.removeLast()
    state = .undoing
    step.run()
    state = .normal
  }

  func redo() {
    let step = redos.removeLast()
    state = .redoing
    step.run()
    state = .normal
  }
}

/// `send(_:undoable:named:)` with an undo stack of the `UndoManager` kind, compiled and run on
/// every platform through ``UndoManaging`` (on Apple platforms `UndoManager` conforms).
@MainActor
@Suite struct UndoManagingTests {
  @Test func undoAndRedoThroughAnUndoManager() {
    let store = Store(initialState: Timers.State.two) { Timers(clock: TestClock()) }
    let undoManager = RecordingUndoManager()
    store.send(.rename(id: 1, "Green tea"), undoable: undoManager, named: "Rename")
    #expect(store.timers[id: 1]?.name == "Green tea")
    #expect(undoManager.undoActionName == "Rename")
    undoManager.undo()
    #expect(store.timers[id: 1]?.name == "Tea")
    #expect(undoManager.redoActionName == "Rename")
    undoManager.redo()
    #expect(store.timers[id: 1]?.name == "Green tea")
    #expect(undoManager.undoActionName == "Rename")
    #expect(!undoManager.canRedo)
  }

  @Test func anActionThatChangesNothingRegistersNoStep() {
    let store = Store(initialState: Timers.State.two) { Timers(clock: TestClock()) }
    let undoManager = RecordingUndoManager()
    store.send(.nothing, undoable: undoManager)
    #expect(!undoManager.canUndo)
  }

  @Test func undoKeepsWhatOtherActionsChangedSince() {
    let store = Store(initialState: Timers.State.two) { Timers(clock: TestClock()) }
    let undoManager = RecordingUndoManager()
    store.send(.rename(id: 1, "Green tea"), undoable: undoManager)
    store.send(.setTitle("Kitchen"))
    undoManager.undo()
    #expect(store.timers[id: 1]?.name == "Tea")
    #expect(store.title == "Kitchen")
  }
}
