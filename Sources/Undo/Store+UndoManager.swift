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
      guard let before = try? StateTree.of(state) else { return send(action) }
      let task = send(action)
      guard let after = try? StateTree.of(state), after != before else { return task }
      registerMove(from: after, to: before, on: undoManager, named: name)
      return task
    }

    /// Registers the move `from → to` as the undo of the last change, and its reverse as its
    /// redo, as `UndoManager` expects.
    private func registerMove(
      from: StateTree, to: StateTree, on undoManager: UndoManager, named name: String?
    ) {
      let move = UncheckedMove(from: from, to: to)
      undoManager.registerUndo(withTarget: self) { store in
        MainActor.assumeIsolated {
          store.restoreState { state in
            guard let current = try? StateTree.of(state),
              let patched = try? StatePatch.revert(
                before: move.to, after: move.from, current: current
              ).decode(as: State.self)
            else { return }
            state = patched
          }
          store.registerMove(from: move.to, to: move.from, on: undoManager, named: name)
        }
      }
      if let name { undoManager.setActionName(name) }
    }
  }

  /// Trees are immutable values; they cross into `UndoManager`'s handler unchanged.
  private struct UncheckedMove: @unchecked Sendable {
    let from: StateTree
    let to: StateTree
  }
#endif
