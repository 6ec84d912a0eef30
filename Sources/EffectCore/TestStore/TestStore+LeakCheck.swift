// What is left over when a test ends: effects still running, actions not received.
extension TestStore {
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
  func unattributedRunning() -> [EffectHandle] {
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
      OperatingSystem.pause(microseconds: 200)
      running = ledger.running
    }
    return running
  }
}
