extension Store where State: Codable {
  /// Sends an action and records what it changed as one undoable step (Silo's API).
  ///
  /// ```swift
  /// store.send(.rename("Tea"), undoable: history, named: "Rename")
  /// history.undo()
  /// ```
  ///
  /// The step is the change the action made to the state, synchronously (with the actions its
  /// `.send` effects sent). Undoing it takes back exactly the fields it changed, unless they
  /// changed again since, and keeps everything else: a timer that ticks through an effect keeps
  /// its count when its rename is undone. The reducer does not have to register anything.
  ///
  /// The state must be `Codable`: steps are compared and patched as trees of fields. Arrays of
  /// identified elements are matched by id. An action that changes nothing records no step.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - history: Where to record the step.
  ///   - name: The step's name, for an Undo menu item.
  ///   - coalescingKey: Steps sent one after another with the same key become one step, as
  ///     typing a name letter by letter should.
  /// - Returns: The effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    undoable history: UndoHistory,
    named name: String? = nil,
    coalescing coalescingKey: AnyHashable? = nil
  ) -> StoreTask {
    guard history.isRecording, !history.isUndoing, !history.isRedoing,
      let before = try? StateTree.of(state)
    else { return send(action) }
    let task = send(action)
    guard let after = try? StateTree.of(state), after != before else { return task }
    let target = StateTarget { [weak self] from, to in
      let restored = self?.restoreState { state in
        guard let current = try? StateTree.of(state),
          let patched = try? StatePatch.revert(before: to, after: from, current: current)
            .decode(as: State.self)
        else {
          RuntimeWarning.report("Undo could not rebuild the state of \(State.self).")
          return
        }
        state = patched
      }
      if restored == false {
        RuntimeWarning.report(
          "Undo could not change a scoped store of \(State.self): its state key path is not "
            + "writable. Record undoable steps on the root store, or scope with a writable key path."
        )
      }
    }
    history.record(
      UndoStep(
        name: name, changes: [.patch(before: before, after: after, target: target)],
        coalescingKey: coalescingKey))
    return task
  }
}
