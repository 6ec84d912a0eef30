extension Store where State: Codable {
  /// Sends an action and registers what it changed with an undo stack of the `UndoManager`
  /// kind: Foundation's `UndoManager` on Apple platforms, or any ``UndoManaging`` type. The same
  /// field-by-field, effect-safe step as ``send(_:undoable:named:coalescing:)``, undone and
  /// redone by the system's Undo menu.
  ///
  /// ```swift
  /// store.send(.rename(id: 1, "Green tea"), undoable: undoManager, named: "Rename")
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - undoManager: The window's or document's undo manager.
  ///   - name: The step's name for the Undo menu item.
  /// - Returns: The effects the action started.
  @discardableResult
  public func send(
    _ action: Action, undoable undoManager: some UndoManaging, named name: String? = nil
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
    _ changes: UncheckedChanges, _ direction: PatchDirection, on undoManager: some UndoManaging,
    named name: String?
  ) {
    let manager = MainActorOnly(undoManager)
    undoManager.registerUndoStep(target: self) { store in
      store.apply(changes, direction, registeringOn: manager.value, named: name)
    }
    if let name { undoManager.setUndoStepName(name) }
  }

  /// Applies the changes in `direction` and registers the other direction in their place,
  /// as what applying them changed (so that undo then redo gives the state back exactly).
  private func apply(
    _ changes: UncheckedChanges, _ direction: PatchDirection,
    registeringOn undoManager: some UndoManaging, named name: String?
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

/// An undo stack, which the handlers it is given take back to register their redo: they run on
/// the main actor, as the stack itself.
private struct MainActorOnly<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// A step's changes are never changed after they are recorded, and are only used on the main
/// actor, where an undo stack runs the handlers it is given for a store.
private struct UncheckedChanges: @unchecked Sendable {
  let changes: [StateChange]
}
