#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let finished = await TestWaiter.wait(timeout: limit) { registry.countWithSubscriptions == 0 }
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
    guard finished else {
      let running = ledger.running
      let unattributed = unattributedRunning()
      throw fail(
        "\(running.count + unattributed.count) effect(s) are still running after \(limit):\n\n"
          + describeRunning(running)
          + (unattributed.isEmpty
            ? "" : "\n  • \(unattributed.count) started inside other effects' work")
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

  /// The actions that started `running`, and the calls that led to them.
  func describeRunning(_ running: [EffectLedger<Action>.Entry]) -> String {
    running.map { entry in
      let kind = entry.handle.isSubscription ? "a subscription" : "an effect"
      let action = Dump.lines(entry.action).map { "    " + $0 }.joined(separator: "\n")
      return "  • \(kind) of\n\(action)\n    started by the send at \(entry.site.description)"
    }.joined(separator: "\n")
  }

  /// When the store goes away: what the test left unasserted fails it (exhaustive stores), or
  /// shows (non-exhaustive stores that show skipped assertions). Each effect still running is
  /// reported at the `send` that started it, as in TCA. The store's effects are cancelled
  /// right after.
  func reportLeaks() {
    guard !hasFailed.value, showsSkippedAssertions else { return }
    let report: (String, CallSite) -> Void =
      isExhaustive
      ? { [self] in recordFailure($0, at: $1) }
      : { [self] in reportSkipped($0, at: $1) }
    let reported = issues.drain()
    if !reported.isEmpty { report(describeIssues(reported), site) }
    if !recorder.received.isEmpty {
      report(
        "The store received \(recorder.received.count) unexpected action(s):\n\n"
          + describeReceived() + "\n\nAssert them with 'receive', or call 'skipReceivedActions()'.",
        site)
    }
    let running = runningAtTheEnd()
    for group in groupedBySend(running) {
      let entry = group[0]
      let headline =
        group.count == 1
        ? "An effect returned for this action is still running."
        : "\(group.count) effects returned for this action are still running."
      report(
        headline + " It must complete before the end of the test.\n\n"
          + Dump.lines(entry.action).map { "  " + $0 }.joined(separator: "\n") + "\n\n"
          + (group.contains { $0.handle.isSubscription }
            ? "A subscription ('Effect.subscribe') lasts until it is cancelled. " : "")
          + "To fix it, make it complete by the end of the test: advance the clock it waits on, "
          + "cancel the 'TestStoreTask' this 'send' returned, or send the action that stops it. "
          + "If it only needs a moment to finish, end the test with 'await store.finish()'. To "
          + "leave it unasserted, call 'await store.skipInFlightEffects()', or make the store "
          + "non-exhaustive: 'store.exhaustivity = .off'.",
        entry.site)
    }
    // Work started inside an effect that is itself reported is part of that effect.
    let unattributed = unattributedRunning()
    if running.isEmpty, !unattributed.isEmpty {
      report(
        "\(unattributed.count) effect(s) started inside other effects are still running. They "
          + "must complete before the end of the test.",
        site)
    }
  }

  /// Effects running that no action returned: subscriptions a concatenation started in its
  /// task, parts of it with their own cancellation ids.
  private func unattributedRunning() -> [EffectHandle] {
    core.registry.running.filter { $0.isActive && !$0.isNested && !ledger.knows($0) }
  }

  /// Effects started by the same action at the same `send`, in the order they started: one
  /// failure each (a send that starts a thousand parked effects is one mistake).
  private func groupedBySend(
    _ running: [EffectLedger<Action>.Entry]
  ) -> [[EffectLedger<Action>.Entry]] {
    var groups: [[EffectLedger<Action>.Entry]] = []
    var indices: [String: Int] = [:]
    for entry in running {
      let key = "\(entry.site.description)\n\(Dump.string(entry.action))"
      if let index = indices[key] {
        groups[index].append(entry)
      } else {
        indices[key] = groups.count
        groups.append([entry])
      }
    }
    return groups
  }

  /// The effects still running as the store goes away. One that is about to end (its last
  /// action was just received, and its task has yet to return) gets a moment to: a deinit
  /// cannot wait, so the main thread pauses, briefly, only while something is still running.
  private func runningAtTheEnd() -> [EffectLedger<Action>.Entry] {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(100))
    var running = ledger.running
    // A subscription never ends by itself: only effects with a task are waited for.
    while running.contains(where: { !$0.handle.isSubscription }), clock.now < deadline {
      usleep(200)
      running = ledger.running
    }
    return running
  }
}
