// What every assertion shares: comparing states, reporting failures where they happen.
extension TestStore {
  /// Reports a failure at `site` and returns the error the assertion throws.
  func fail(_ message: String, at site: CallSite) -> any Error {
    hasFailed.withLock { $0 = true }
    return TestStoreFailure(message, at: site).report()
  }

  /// Reports a failure at `site`, for a caller that does not throw.
  func recordFailure(_ message: String, at site: CallSite) {
    hasFailed.withLock { $0 = true }
    TestStoreFailure(message, at: site).record()
  }

  /// Reports what the store skipped, without failing the test, when it shows skipped
  /// assertions.
  func reportSkipped(_ message: @autoclosure () -> String, at site: CallSite) {
    guard showsSkippedAssertions else { return }
    TestStoreFailure("Skipped assertions.\n\n" + message(), severity: .warning, at: site).record()
  }

  /// Checks the state an action (or a change) left against the test's expectation.
  ///
  /// - Parameters:
  ///   - actual: The state to check.
  ///   - snapshot: The shared values the action left, when it was not the last one reduced;
  ///     `nil` checks the shared values now.
  ///   - assert: Changes the expected state; `nil` expects no change.
  ///   - what: What changed the state, for messages: "sending .increment".
  ///   - site: The assertion's call.
  ///   - requiresChange: Whether a closure that describes no change, for an action that changed
  ///     nothing, fails (TCA's "Expected state to change").
  func check(
    actual: State,
    shared snapshot: SharedSnapshot? = nil,
    assert: ((inout State) throws -> Void)?,
    what: () -> String,
    at site: CallSite,
    requiresChange: Bool = true
  ) throws {
    try throwReportedIssues(at: site)
    if !isExhaustive { sharedChanges.take(after: snapshot) }
    defer {
      asserted = actual
      sharedChanges.accept(actual, after: snapshot)
    }
    try sharedChanges.checking(snapshot) {
      try compare(
        actual: actual, assert: assert, what: what, at: site, requiresChange: requiresChange)
    }
  }

  /// ``check(actual:shared:assert:what:at:requiresChange:)``'s comparison, with shared values
  /// read as the action left them.
  private func compare(
    actual: State,
    assert: ((inout State) throws -> Void)?,
    what: () -> String,
    at site: CallSite,
    requiresChange: Bool
  ) throws {
    let previous = asserted
    var expected = isExhaustive ? previous : actual
    do {
      try withFeatureContexts { try sharedChanges.asserting { try assert?(&expected) } }
    } catch {
      throw fail("The assertion closure for \(what()) threw \(error).", at: site)
    }
    let closureChangedShared = sharedChanges.closureWrote
    // Issues reported by what the closure called (a dependency without a test value).
    try throwReportedIssues(at: site)
    guard sharedChanges.comparing({ expected != actual }) else {
      if isExhaustive {
        // As in TCA: a closure that describes no change, for an action that changed nothing, is
        // a mistake in the test (it asserts something it does not check).
        guard requiresChange, assert != nil, expected == previous, !closureChangedShared
        else { return }
        throw fail(
          "Expected state to change after \(what()), but no change occurred.\n\nThe assertion "
            + "closure made no change to the state. If no change is expected, omit the closure.",
          at: site)
      }
      reportUnassertedChanges(from: previous, to: actual, assert: assert, what: what, at: site)
      return
    }
    let headline =
      assert == nil
      ? "State changed after \(what()), but no change was asserted:"
      : "A state change does not match expectation after \(what()):"
    throw fail(
      headline + "\n\n"
        + LineDiff.diff(
          sharedChanges.asserting { Dump.lines(expected) },
          sharedChanges.comparing { Dump.lines(actual) })
        + "\n\n(Expected: -, Actual: +)",
      at: site)
  }

  /// In a non-exhaustive store that shows skipped assertions, reports the changes the test did
  /// not assert: what an exhaustive store would have failed on.
  private func reportUnassertedChanges(
    from previous: State,
    to actual: State,
    assert: ((inout State) throws -> Void)?,
    what: () -> String,
    at site: CallSite
  ) {
    guard showsSkippedAssertions else { return }
    var exhaustive = previous
    if let assert {
      do { try withFeatureContexts { try assert(&exhaustive) } } catch { return }
    }
    guard exhaustive != actual else { return }
    reportSkipped(
      "State changed after \(what()) beyond what was asserted:\n\n"
        + LineDiff.diff(exhaustive, actual) + "\n\n(Asserted: -, Actual: +)",
      at: site)
  }

  /// Before the test sends, changes or asserts the state: received actions must have been
  /// asserted (exhaustive stores), or are skipped.
  func handleReceivedActions(before what: () -> String, at site: CallSite) throws {
    guard !recorder.received.isEmpty else { return }
    guard !isExhaustive else {
      throw fail(
        "Must handle \(recorder.received.count) received action(s) before \(what()):\n\n"
          + describeReceived() + "\n\nAssert them with 'receive', or call 'skipReceivedActions()'.",
        at: site)
    }
    reportSkipped(
      "\(recorder.received.count) received action(s) were skipped before \(what()):\n\n"
        + describeReceived(),
      at: site)
    skipReceived()
  }

  /// Fails with what the feature reported through ``TestIssue`` since the last assertion.
  func throwReportedIssues(at site: CallSite) throws {
    let reported = issues.drain()
    guard !reported.isEmpty else { return }
    throw fail(describeIssues(reported), at: site)
  }

  func describeIssues(_ reported: [String]) -> String {
    "The feature reported \(reported.count) issue(s):\n\n"
      + reported.map { "  • " + $0 }.joined(separator: "\n")
  }

  func describeReceived() -> String {
    recorder.received.flatMap { Dump.lines($0.action) }.map { "  " + $0 }
      .joined(separator: "\n")
  }

  /// Drops the received actions, taking the state they left as asserted.
  func skipReceived() {
    if let last = recorder.received.last {
      asserted = last.state
      sharedChanges.accept(asserted, after: last.shared)
    } else {
      sharedChanges.accept(asserted)
    }
    recorder.received.removeAll()
  }
}
