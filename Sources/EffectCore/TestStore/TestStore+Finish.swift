// The end of a test: nothing left running, nothing left unasserted.
extension TestStore {
  /// Waits for the effects in flight to finish, then checks that nothing is left to assert.
  ///
  /// Call it at the end of a test to wait for effects that are about to end. A test store that
  /// goes away checks the same without waiting, so a test that leaves effects running fails
  /// even without it.
  ///
  /// Subscriptions (``Effect/subscribe(_:)``) count as running effects: they last until
  /// something cancels them.
  ///
  /// With `exhaustivity = .off`, effects still running after `timeout` are cancelled and
  /// unreceived actions are dropped, without failing.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for running effects; the store's ``timeout`` when `nil`.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  /// - Throws: When effects are still running after `timeout` or received actions were not
  ///   asserted (exhaustive stores only), once the failure is reported.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let limit = timeout ?? self.timeout
    let registry = core.registry
    let exhaustive = isExhaustive
    // A non-exhaustive store cancels what still runs: an effect waiting on a stream gets no
    // grace there, as the test passes either way.
    let outcome = await TestWaiter.wait(timeout: limit) {
      exhaustive && registry.isAnyEffectAtWork
    } until: {
      registry.countWithSubscriptions == 0
    }
    try throwReportedIssues(at: site)
    guard isExhaustive else {
      await skipInFlight(at: site)
      if !recorder.received.isEmpty {
        reportSkipped(
          "\(recorder.received.count) received action(s) were skipped:\n\n" + describeReceived(),
          at: site)
      }
      skipReceived()
      return
    }
    if !recorder.received.isEmpty {
      throw fail(
        "The store received \(recorder.received.count) unexpected action(s):\n\n"
          + describeReceived() + "\n\nAssert them with 'receive', or call 'skipReceivedActions()'.",
        at: site)
    }
    guard outcome.isMet else {
      let running = ledger.running
      let unattributed = unattributedRunning()
      let inside =
        unattributed.isEmpty ? "" : "\n  • \(unattributed.count) started inside other effects' work"
      throw fail(
        "\(running.count + unattributed.count) effect(s) are still running after \(outcome.waitedDescription):\n\n"
          + describeRunning(running) + inside
          + "\n\nAdvance the clocks they wait on, cancel the "
          + "'TestStoreTask' that 'send' returned, send the action that stops them, or call "
          + "'skipInFlightEffects()'.",
        at: site)
    }
  }

  /// Drops every received action that has not been asserted, taking the state they left as the
  /// asserted one.
  ///
  /// ```swift
  /// await store.skipReceivedActions(strict: false)
  /// ```
  ///
  /// The skipped actions are shown (Swift Testing: as a warning), unless the store is
  /// non-exhaustive without `showSkippedAssertions`.
  ///
  /// - Parameters:
  ///   - strict: Whether having nothing to skip fails the test.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await letReadyEffectsRun()
    guard !recorder.received.isEmpty else {
      if strict { recordFailure("There were no received actions to skip.", at: site) }
      return
    }
    reportSkipped(
      "\(recorder.received.count) received action(s) were skipped:\n\n" + describeReceived(),
      at: site)
    skipReceived()
  }

  /// Cancels every effect still running, subscriptions included, and waits until their tasks
  /// have returned.
  ///
  /// ```swift
  /// await store.skipInFlightEffects(strict: false)
  /// ```
  ///
  /// The cancelled effects are shown (Swift Testing: as a warning), unless the store is
  /// non-exhaustive without `showSkippedAssertions`.
  ///
  /// - Parameters:
  ///   - strict: Whether having nothing to cancel fails the test.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await letReadyEffectsRun()
    if strict, core.registry.countWithSubscriptions == 0 {
      recordFailure("There were no in-flight effects to skip.", at: site)
      return
    }
    await skipInFlight(at: site)
  }

  /// Cancels what runs, reporting it as skipped, and waits for the tasks to return.
  private func skipInFlight(at site: CallSite) async {
    let registry = core.registry
    let running = ledger.running
    if !running.isEmpty {
      reportSkipped(
        "\(running.count) in-flight effect(s) were cancelled:\n\n" + describeRunning(running),
        at: site)
    }
    let handles = registry.running
    registry.cancelAll()
    for handle in handles { await handle.wait() }
  }
}
