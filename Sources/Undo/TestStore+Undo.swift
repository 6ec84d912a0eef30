extension TestStore where State: Codable {
  /// Sends an action, asserts its change, and records the change as an undoable step, as
  /// `Store.send(_:undoable:named:coalescing:)` does for a store.
  ///
  /// ```swift
  /// try await store.send(.rename("Tea"), undoable: history) { $0.name = "Tea" }
  /// try await store.undo(history) { $0.name = "Timer 1" }
  /// try await store.redo(history) { $0.name = "Tea" }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - history: Where to record the step.
  ///   - name: The step's name.
  ///   - coalescingKey: Steps with the same key in a row become one.
  ///   - assert: Changes the previous state into the expected state.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  /// - Returns: The action's effects.
  @discardableResult
  public func send(
    _ action: Action,
    undoable history: UndoHistory,
    named name: String? = nil,
    coalescing coalescingKey: AnyHashable? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws -> TestStoreTask {
    let before = state
    let task = try await send(
      action, assert: assert, fileID: fileID, file: filePath, line: line, column: column)
    let changes = try StateDiff.changes(from: before, to: state)
    if !changes.isEmpty {
      history.record(
        UndoStep(
          name: name, changes: [.patch(changes, target: nil)], coalescingKey: coalescingKey))
    }
    return task
  }

  /// Undoes the last step of `history` on this store and asserts the change.
  ///
  /// - Parameters:
  ///   - history: The history the steps were recorded in by
  ///     ``send(_:undoable:named:coalescing:assert:fileID:file:line:column:)``.
  ///   - assert: Changes the previous state into the expected state.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  public func undo(
    _ history: UndoHistory,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    guard var step = history.popUndo() else {
      throw TestStoreFailure(
        "There is nothing to undo.", fileID: fileID, filePath: filePath, line: line,
        column: column
      ).report()
    }
    defer { history.finishUndo(step) }
    try await apply(
      &step, .undo, assert: assert, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Redoes the last undone step of `history` on this store and asserts the change.
  ///
  /// - Parameters:
  ///   - history: The history.
  ///   - assert: Changes the previous state into the expected state.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  public func redo(
    _ history: UndoHistory,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    guard var step = history.popRedo() else {
      throw TestStoreFailure(
        "There is nothing to redo.", fileID: fileID, filePath: filePath, line: line,
        column: column
      ).report()
    }
    defer { history.finishRedo(step) }
    try await apply(
      &step, .redo, assert: assert, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func apply(
    _ step: inout UndoStep, _ direction: PatchDirection, assert: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async throws {
    var failure: (any Error)?
    let verb = direction == .undo ? "undoing" : "redoing"
    var applied = step
    try await restoreState(
      "\(verb) \"\(step.name ?? "")\"",
      { state in
        do { try applied.apply(to: &state, direction) } catch { failure = error }
      },
      assert: assert, fileID: fileID, file: filePath, line: line, column: column)
    step = applied
    if let failure {
      throw TestStoreFailure(
        "\(verb) failed: \(failure)", fileID: fileID, filePath: filePath, line: line,
        column: column
      ).report()
    }
  }
}
