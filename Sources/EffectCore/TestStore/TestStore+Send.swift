extension TestStore {
  /// Sends an action and asserts the state change it makes.
  ///
  /// ```swift
  /// try await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// Before it returns, the effects the action started that can deliver at once (a `.send`, a
  /// `.run` that sends before it waits for anything) get to run, and the actions they send are
  /// reduced: they are received actions, which exhaustive tests assert with `receive`, and
  /// which a non-exhaustive store's next `send` takes in.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - assert: Changes the state as it was before the action into the expected state; omit
  ///     it when the action must not change the state.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  /// - Returns: The action's effects, to cancel or await.
  /// - Throws: When received actions are still unasserted (exhaustive stores only) or the state
  ///   differs from the expectation, once the failure is reported (see ``TestStoreFailure``).
  @discardableResult
  public func send(
    _ action: Action,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws -> TestStoreTask {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let what = { "sending \(Dump.string(action))" }
    guard !dismissal.isDismissed else {
      throw fail(
        "Can't send \(Dump.string(action)) to a dismissed test store: its feature dismissed "
          + "itself.", at: site)
    }
    try throwReportedIssues(at: site)
    try handleReceivedActions(before: what, at: site)
    ledger.origin = site
    recorder.isTestSend = true
    let task = core.send(action)
    recorder.isTestSend = false
    let reduced = recorder.afterTestSend
    recorder.afterTestSend = nil
    try check(
      actual: reduced?.state ?? core.state, shared: reduced?.shared, assert: assert, what: what,
      at: site)
    await letReadyEffectsRun()
    return TestStoreTask(task: task, hasFailed: hasFailed, timeout: timeout)
  }

  /// Changes the state outside any reducer, as ``Store/restoreState(_:)`` does, and asserts
  /// the change, as ``send(_:assert:fileID:file:line:column:)`` does for an action.
  ///
  /// Tools such as undo build their test helpers on it:
  ///
  /// ```swift
  /// try await store.restoreState("reload") { $0 = saved } assert: { $0.name = "Saved" }
  /// ```
  ///
  /// - Parameters:
  ///   - description: What the change is, for failures.
  ///   - change: Changes the state in place.
  ///   - assert: Changes the previous state into the expected state.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  /// - Throws: When received actions are still unasserted (exhaustive stores only) or the state
  ///   differs from the expectation, once the failure is reported.
  public func restoreState(
    _ description: String,
    _ change: (inout State) -> Void,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try throwReportedIssues(at: site)
    try handleReceivedActions(before: { description }, at: site)
    _ = core.restore(change)
    try check(actual: core.state, assert: assert, what: { description }, at: site)
  }

  /// Asserts the current state, without an action: for non-exhaustive stores, to check what
  /// effects have done so far.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// try await store.send(.refresh)
  /// await clock.advance(by: .seconds(1))
  /// try await store.assert { $0.items = ["Tea"] }
  /// ```
  ///
  /// A non-exhaustive store checks the fields the closure sets against the current state, and
  /// takes in the actions received so far. An exhaustive store checks the whole state as the
  /// test last asserted it: there the closure can only describe no change.
  ///
  /// - Parameters:
  ///   - updateStateToExpectedResult: Changes the state into the expected one.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  /// - Throws: When the state differs from the expectation, once the failure is reported.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if !isExhaustive {
      try handleReceivedActions(before: { "asserting the state" }, at: site)
    }
    try withoutActuallyEscaping(updateStateToExpectedResult) { update in
      try check(
        actual: isExhaustive ? asserted : core.state, assert: update,
        what: { "asserting the state" }, at: site, requiresChange: false)
    }
  }
}
