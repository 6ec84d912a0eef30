/// One undoable step: a name and the changes it made, undone last first.
@MainActor
struct UndoStep {
  /// One change inside a step.
  enum Change {
    /// A state change recorded as what changed (see ``StatePatch``), taken back on the store it
    /// was made on.
    case patch([StateChange], target: StateTarget?)
    /// A change with hand-written inverses.
    case custom(undo: @MainActor () -> Void, redo: @MainActor () -> Void)
  }

  var name: String?
  var changes: [Change] = []
  var coalescingKey: AnyHashable?

  mutating func append(_ step: UndoStep) {
    if name == nil { name = step.name }
    changes += step.changes
  }

  func undo() {
    for change in changes.reversed() {
      switch change {
      case .patch(let changes, let target): Self.apply(changes, on: target, .undo)
      case .custom(let undo, _): undo()
      }
    }
  }

  func redo() {
    for change in changes {
      switch change {
      case .patch(let changes, let target): Self.apply(changes, on: target, .redo)
      case .custom(_, let redo): redo()
      }
    }
  }

  private static func apply(
    _ changes: [StateChange], on target: StateTarget?, _ direction: PatchDirection
  ) {
    guard let target else {
      RuntimeWarning.report(
        "This step was recorded by a TestStore; undo and redo it with 'store.undo(history)' and "
          + "'store.redo(history)', which assert the change.")
      return
    }
    target.apply(changes, direction)
  }

  /// Applies the step's patches to a state directly (for a test store, which asserts the
  /// result); hand-written inverses run as they are.
  func apply<State: Codable>(to state: inout State, _ direction: PatchDirection) throws {
    for change in direction == .undo ? changes.reversed() : changes {
      switch change {
      case .patch(let changes, _):
        state = try StatePatch.apply(changes, to: state, direction)
      case .custom(let undo, let redo):
        direction == .undo ? undo() : redo()
      }
    }
  }
}

/// The store a patch was recorded on, held weakly.
@MainActor
struct StateTarget {
  /// Applies changes to the store's state, keeping what else changed.
  let apply: @MainActor (_ changes: [StateChange], _ direction: PatchDirection) -> Void
}
