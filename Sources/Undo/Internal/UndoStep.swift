/// One undoable step: a name and the changes it made, undone last first.
@MainActor
struct UndoStep {
  /// One change inside a step.
  enum Change {
    /// A state change recorded as trees before and after, taken back field by field on the
    /// store it was made on (see ``StatePatch``).
    case patch(before: StateTree, after: StateTree, target: StateTarget?)
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
      case .patch(let before, let after, let target): Self.apply(target, from: after, to: before)
      case .custom(let undo, _): undo()
      }
    }
  }

  func redo() {
    for change in changes {
      switch change {
      case .patch(let before, let after, let target): Self.apply(target, from: before, to: after)
      case .custom(_, let redo): redo()
      }
    }
  }

  private static func apply(_ target: StateTarget?, from: StateTree, to: StateTree) {
    guard let target else {
      RuntimeWarning.report(
        "This step was recorded by a TestStore; undo and redo it with 'store.undo(history)' and "
          + "'store.redo(history)', which assert the change.")
      return
    }
    target.apply(from, to)
  }

  /// Applies the step's patches to a state directly (for a test store, which asserts the
  /// result); hand-written inverses run as they are.
  func apply<State: Codable>(to state: inout State, undoing: Bool) throws {
    for change in undoing ? changes.reversed() : changes {
      switch change {
      case .patch(let before, let after, _):
        let current = try StateTree.of(state)
        let patched =
          undoing
          ? StatePatch.revert(before: before, after: after, current: current)
          : StatePatch.revert(before: after, after: before, current: current)
        state = try patched.decode(as: State.self)
      case .custom(let undo, let redo):
        undoing ? undo() : redo()
      }
    }
  }
}

/// The store a patch was recorded on, held weakly.
@MainActor
struct StateTarget {
  /// Moves the store's state from `before` to `after`, field by field, keeping what else changed.
  let apply: @MainActor (_ before: StateTree, _ after: StateTree) -> Void
}
