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

  /// Takes the step back. Each patch is then replaced by what applying it really changed (the
  /// repairs of ``UndoRepairable`` values included, and without the places a later change
  /// kept), so that a redo right after gives back exactly the state from before the undo.
  mutating func undo() {
    for index in changes.indices.reversed() {
      switch changes[index] {
      case .patch(let patch, let target):
        let applied = Self.apply(patch, on: target, .undo)
        changes[index] = .patch(applied ?? patch, target: target)
      case .custom(let undo, _): undo()
      }
    }
  }

  /// Does the step again; its patches are then what the redo really changed, as for ``undo()``.
  mutating func redo() {
    for index in changes.indices {
      switch changes[index] {
      case .patch(let patch, let target):
        let applied = Self.apply(patch, on: target, .redo)
        changes[index] = .patch(applied ?? patch, target: target)
      case .custom(_, let redo): redo()
      }
    }
  }

  private static func apply(
    _ changes: [StateChange], on target: StateTarget?, _ direction: PatchDirection
  ) -> [StateChange]? {
    guard let target else {
      RuntimeWarning.report(
        "This step was recorded by a TestStore; undo and redo it with 'store.undo(history)' and "
          + "'store.redo(history)', which assert the change.")
      return nil
    }
    return target.apply(changes, direction)
  }

  /// Applies the step's patches to a state directly (for a test store, which asserts the
  /// result); hand-written inverses run as they are. The patches become what they changed, as
  /// in ``undo()``.
  mutating func apply<State: Codable>(to state: inout State, _ direction: PatchDirection) throws {
    let indices = direction == .undo ? Array(changes.indices.reversed()) : Array(changes.indices)
    for index in indices {
      switch changes[index] {
      case .patch(let patch, let target):
        let before = state
        state = try StatePatch.apply(patch, to: state, direction)
        changes[index] = .patch(
          try StateChange.applied(from: before, to: state, direction), target: target)
      case .custom(let undo, let redo):
        direction == .undo ? undo() : redo()
      }
    }
  }
}

extension StateChange {
  /// What applying a step in `direction` changed, from `before` to `after`, as the step's new
  /// changes: a step always leads from its undone state (`old`) to its done state (`new`).
  static func applied<State: Encodable>(
    from before: State, to after: State, _ direction: PatchDirection
  ) throws -> [StateChange] {
    direction == .undo
      ? try StateDiff.changes(from: after, to: before)
      : try StateDiff.changes(from: before, to: after)
  }
}

/// The store a patch was recorded on, held weakly.
@MainActor
struct StateTarget {
  /// Applies changes to the store's state, keeping what else changed, and returns what it
  /// changed (see ``StateChange/applied(from:to:_:)``); `nil` when it could not.
  let apply: @MainActor (_ changes: [StateChange], _ direction: PatchDirection) -> [StateChange]?
}
