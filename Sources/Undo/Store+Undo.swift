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
  /// its count when its rename is undone. The reducer does not have to register anything. A
  /// state whose fields must stay consistent with each other conforms to ``UndoRepairable``.
  ///
  /// The state must be `Codable`, and made of values: the states before and after the action
  /// are compared part by part, bytes first, so that what the action did not touch costs
  /// next to nothing, and the step keeps only the parts that changed. Arrays of identified
  /// elements are matched by id. An action that changes nothing records no step.
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
    guard history.isRecording, !history.isUndoing, !history.isRedoing else { return send(action) }
    // Read without observation: an undoable send is not a view.
    let before = withState { $0 }
    let task = send(action)
    let changes: [StateChange]
    do {
      changes = try StateDiff.changes(from: before, to: withState { $0 })
    } catch {
      RuntimeWarning.report(
        "Undo could not record '\(action)': encoding \(State.self) failed: \(error). Its "
          + "Codable conformance must not throw for the states the store holds.")
      return task
    }
    guard !changes.isEmpty else { return task }
    let target = StateTarget { [weak self] changes, direction in
      var applied: [StateChange]?
      let restored = self?.restoreState { state in
        do {
          let before = state
          state = try StatePatch.apply(changes, to: state, direction)
          applied = try StateChange.applied(from: before, to: state, direction)
        } catch {
          RuntimeWarning.report(
            "Undo could not rebuild the state of \(State.self): \(error). Its Codable "
              + "conformance must decode what it encodes.")
        }
      }
      if restored == false {
        RuntimeWarning.report(
          "Undo could not change a scoped store of \(State.self): its state key path is not "
            + "writable. Record undoable steps on the root store, or scope with a writable key path."
        )
      }
      return applied
    }
    history.record(
      UndoStep(name: name, changes: [.patch(changes, target: target)], coalescingKey: coalescingKey)
    )
    return task
  }
}
