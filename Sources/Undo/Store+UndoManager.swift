#if canImport(ObjectiveC)
  import Foundation

  extension Store where State: Codable {
    /// Sends an action and registers what it changed with Foundation's `UndoManager`, on Apple
    /// platforms: the same field-by-field, effect-safe step as
    /// ``send(_:undoable:named:coalescing:)``, undone and redone by the system's Undo menu.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - undoManager: The window's or document's undo manager.
    ///   - name: The step's name for the Undo menu item.
    /// - Returns: The effects the action started.
    @discardableResult
    public func send(
      _ action: Action, undoable undoManager: UndoManager, named name: String? = nil
    ) -> StoreTask {
      let before = withState { $0 }
      let task = send(action)
      guard let changes = try? StateDiff.changes(from: before, to: withState { $0 }),
        !changes.isEmpty
      else { return task }
      register(UncheckedChanges(changes: changes), .undo, on: undoManager, named: name)
      return task
    }

    /// Registers applying the changes in `direction` as the undo of the last change, and the
    /// other direction as its redo, as `UndoManager` expects.
    private func register(
      _ changes: UncheckedChanges, _ direction: PatchDirection, on undoManager: UndoManager,
      named name: String?
    ) {
      undoManager.registerUndo(withTarget: self) { store in
        MainActor.assumeIsolated {
          store.apply(changes, direction, registeringOn: undoManager, named: name)
        }
      }
      if let name { undoManager.setActionName(name) }
    }

    /// Applies the changes in `direction` and registers the other direction in their place,
    /// as what applying them changed (so that undo then redo gives the state back exactly).
    private func apply(
      _ changes: UncheckedChanges, _ direction: PatchDirection,
      registeringOn undoManager: UndoManager, named name: String?
    ) {
      var applied = changes
      restoreState { state in
        let before = state
        guard let patched = try? StatePatch.apply(changes.changes, to: state, direction)
        else { return }
        state = patched
        if let redone = try? StateChange.applied(from: before, to: patched, direction) {
          applied = UncheckedChanges(changes: redone)
        }
      }
      register(applied, direction == .undo ? .redo : .undo, on: undoManager, named: name)
    }
  }

  /// A step's changes are never changed after they are recorded, and are only used on the main
  /// actor, where `UndoManager` runs the handlers it is given for a store.
  private struct UncheckedChanges: @unchecked Sendable {
    let changes: [StateChange]
  }
#endif
