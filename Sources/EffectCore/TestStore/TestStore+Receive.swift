extension TestStore {
  /// Asserts that an effect sent `action` next, and the state change it made.
  ///
  /// ```swift
  /// try await store.receive(.greeted("Hello")) { $0.message = "Hello" }
  /// ```
  ///
  /// Waits up to `timeout` (by default the store's ``timeout``) for the action to arrive. With
  /// `exhaustivity = .off`, actions received before a matching one are skipped.
  ///
  /// - Parameters:
  ///   - action: The expected action.
  ///   - timeout: How long to wait for it; the store's ``timeout`` when `nil`.
  ///   - assert: Changes the previous state into the expected state.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  /// - Throws: When no action arrived, a different one did, or the state differs from the
  ///   expectation, once the failure is reported.
  public func receive(
    _ action: Action,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws where Action: Equatable {
    try await receive(
      matching: { $0 == action }, expected: .action(action), timeout: timeout, assert: assert,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of a given case next, and the state change it made.
  ///
  /// ```swift
  /// try await store.receive(/Feature.Action.response) { $0.isLoading = false }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The expected case.
  ///   - timeout: How long to wait for it; the store's ``timeout`` when `nil`.
  ///   - assert: Changes the previous state into the expected state.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  /// - Throws: When no action arrived, one of another case did, or the state differs from the
  ///   expectation, once the failure is reported.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    try await receive(
      matching: { casePath.extract(from: $0) != nil },
      expected: .description { "an action matching \(casePath)" }, timeout: timeout, assert: assert,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action that satisfies a predicate next, and the state
  /// change it made: for actions whose payload is not `Equatable`, or not worth spelling out.
  ///
  /// ```swift
  /// try await store.receive({ if case .response = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isMatching: Whether an action is the expected one.
  ///   - timeout: How long to wait for it; the store's ``timeout`` when `nil`.
  ///   - assert: Changes the previous state into the expected state.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  /// - Throws: When no action arrived, one that does not match did, or the state differs from
  ///   the expectation, once the failure is reported.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    try await receive(
      matching: isMatching, expected: .description { "an action matching the predicate" },
      timeout: timeout, assert: assert,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// What a `receive` expects, for failures.
  enum ExpectedAction {
    /// An action, shown as a diff against the one received.
    case action(Action)
    /// Any action that matches: a case path, a predicate. Described once the actions received
    /// have been tried, which tells a case path whose payload type several cases share which of
    /// them it names.
    case description(() -> String)
  }

  private func receive(
    matching matches: (Action) -> Bool,
    expected: ExpectedAction,
    timeout: Duration?,
    assert: ((inout State) throws -> Void)?,
    at site: CallSite
  ) async throws {
    let recorder = self.recorder
    let exhaustive = isExhaustive
    let limit = timeout ?? self.timeout
    let registry = core.registry
    let outcome = await TestWaiter.wait(timeout: limit) {
      registry.isAnyEffectAtWork
    } until: {
      exhaustive ? !recorder.received.isEmpty : recorder.received.contains { matches($0.action) }
    }
    guard outcome.isMet else {
      let instead =
        recorder.received.isEmpty ? "" : "\n\nReceived instead:\n\n" + describeReceived()
      throw fail(
        "Expected to receive \(describe(expected)), but received nothing within \(outcome.waitedDescription)."
          + instead,
        at: site)
    }
    if !exhaustive, let index = recorder.received.firstIndex(where: { matches($0.action) }),
      index > 0
    {
      reportSkipped(
        "\(index) received action(s) were skipped before receiving \(describe(expected)):\n\n"
          + recorder.received[..<index].flatMap { Dump.lines($0.action) }.map { "  " + $0 }
          .joined(separator: "\n"),
        at: site)
      let skipped = recorder.received[index - 1]
      asserted = skipped.state
      sharedChanges.accept(asserted, after: skipped.shared)
      recorder.received.removeFirst(index)
    }
    let next = recorder.received.removeFirst()
    guard matches(next.action) else {
      let message =
        switch expected {
        case .action(let action):
          "Received an unexpected action:\n\n"
            + LineDiff.diff(Dump.lines(action), Dump.lines(next.action))
            + "\n\n(Expected: -, Received: +)"
        case .description(let description):
          "Received an unexpected action, expected \(description()):\n\n"
            + Dump.lines(next.action).map { "  " + $0 }.joined(separator: "\n")
        }
      throw fail(message, at: site)
    }
    try check(
      actual: next.state, shared: next.shared, assert: assert,
      what: { "receiving \(Dump.string(next.action))" },
      at: site)
    await letReadyEffectsRun()
  }

  private func describe(_ expected: ExpectedAction) -> String {
    switch expected {
    case .action(let action): Dump.string(action)
    case .description(let description): description()
    }
  }
}
