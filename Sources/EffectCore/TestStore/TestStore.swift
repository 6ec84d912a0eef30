/// A store for tests: every action you send and every action its effects send back is
/// asserted, together with the exact change it makes to the state.
///
/// ```swift
/// @Test func delayedIncrement() async throws {
///   let clock = TestClock()
///   let store = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
///   try await store.send(.delayedIncrement)
///   await clock.advance(by: .seconds(1))
///   try await store.receive(.increment) { $0.count = 1 }
///   try await store.finish()
/// }
/// ```
///
/// The assertion closure gets the state as it was before the action; change it to what you
/// expect. By default the store is exhaustive (``exhaustivity`` is `.on`): every state change
/// must be asserted, every received action must be received with `receive(_:assert:fileID:line:)`
/// and ``finish(timeout:fileID:line:)`` fails while effects are still running. Set
/// `exhaustivity = .off` to assert only what a test cares about.
///
/// Every assertion is `async throws` and throws a ``TestStoreFailure`` that says what differed
/// (a line diff) and where, the same under Swift Testing and XCTest. A test store that is
/// released without `finish()` cancels whatever is still running.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly a ``TestStore`` checks.
  public enum Exhaustivity: Equatable, Sendable {
    /// Every state change, received action and running effect must be asserted.
    case on
    /// Only what the test asserts is checked: unasserted state changes pass, unreceived
    /// actions are skipped, effects still running at `finish()` are allowed.
    case off
  }

  /// How strictly the store checks; `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive(_:assert:fileID:line:)` waits for an effect's action by default.
  public var timeout: Duration = .seconds(1)

  private let core: RootCore<RecordingReducer<State, Action>>
  private let recorder: ActionRecorder<State, Action>
  private let issues = TestIssueCollector()
  private let dismissal = TestDismissal()
  private var asserted: State
  /// The values shared references in the state had at the last assertion (see SharedSnapshots).
  private let sharedChanges = SharedChangeRecorder()

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  public init<R: Reducer>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) where R.State == State, R.Action == Action {
    let recorder = ActionRecorder<State, Action>()
    self.recorder = recorder
    self.asserted = initialState
    let issues = self.issues
    let feature = reducer().context(TestIssueContext(collector: issues))
    self.core = RootCore(
      initialState: initialState,
      reducer: RecordingReducer(
        base: Reduce(DismissibleRoot(base: feature, dismissal: dismissal)), recorder: recorder))
    dismissal.registry = core.registry
    sharedChanges.accept(initialState)
  }

  /// Whether the feature dismissed itself: a `DismissEffect` called in one of its own effects,
  /// as a child feature tested on its own does when it closes (in a presented child's effects
  /// it dismisses that child instead). Its effects have been cancelled then, and sending to the
  /// store fails, as in TCA.
  public var isDismissed: Bool { dismissal.isDismissed }

  /// The current state: the state after the last action reduced, asserted or not.
  public var state: State { core.state }

  /// The actions effects have sent that no `receive(_:assert:fileID:line:)` has asserted yet.
  public var receivedActions: [Action] { recorder.received.map(\.action) }

  /// Sends an action and asserts the state change it makes.
  ///
  /// ```swift
  /// try await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - assert: Changes the state as it was before the action into the expected state; omit
  ///     it when the action must not change the state.
  ///   - fileID: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  /// - Returns: The action's effects, to cancel or await.
  /// - Throws: ``TestStoreFailure`` when received actions are still unasserted (exhaustive
  ///   stores only) or the state differs from the expectation.
  @discardableResult
  public func send(
    _ action: Action,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws -> TestStoreTask {
    guard !dismissal.isDismissed else {
      throw TestStoreFailure(
        "Can't send \(Dump.string(action)) to a dismissed test store: its feature dismissed "
          + "itself.", fileID: fileID, line: line)
    }
    try checkNoUnreceivedActions(
      before: "sending \(Dump.string(action))", fileID: fileID, line: line)
    recorder.isTestSend = true
    let task = core.send(action)
    recorder.isTestSend = false
    let actual = recorder.afterTestSend ?? core.state
    recorder.afterTestSend = nil
    try check(
      actual: actual, assert: assert, what: "sending \(Dump.string(action))", fileID: fileID,
      line: line)
    return TestStoreTask(task: task, fileID: fileID, line: line)
  }

  /// Changes the state outside any reducer, as ``Store/restoreState(_:)`` does, and asserts
  /// the change, as ``send(_:assert:fileID:line:)`` does for an action.
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
  ///   - line: The caller's line, for failures.
  /// - Throws: ``TestStoreFailure`` when received actions are still unasserted (exhaustive
  ///   stores only) or the state differs from the expectation.
  public func restoreState(
    _ description: String,
    _ change: (inout State) -> Void,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws {
    try checkNoUnreceivedActions(before: description, fileID: fileID, line: line)
    _ = core.restore(change)
    try check(actual: core.state, assert: assert, what: description, fileID: fileID, line: line)
  }

  /// Asserts that an effect sent `action` next, and the state change it made.
  ///
  /// Waits up to ``timeout`` for the action to arrive. With `exhaustivity = .off`, actions
  /// received before a matching one are skipped.
  ///
  /// - Parameters:
  ///   - action: The expected action.
  ///   - assert: Changes the previous state into the expected state.
  ///   - fileID: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  /// - Throws: ``TestStoreFailure`` when no action arrived, a different one did, or the state
  ///   differs from the expectation.
  public func receive(
    _ action: Action,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws where Action: Equatable {
    try await receive(
      matching: { $0 == action }, expected: Dump.string(action), assert: assert, fileID: fileID,
      line: line)
  }

  /// Asserts that an effect sent an action of a given case next, and the state change it made.
  ///
  /// ```swift
  /// try await store.receive(/Feature.Action.response) { $0.isLoading = false }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The expected case.
  ///   - assert: Changes the previous state into the expected state.
  ///   - fileID: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  /// - Throws: ``TestStoreFailure`` when no action arrived, one of another case did, or the
  ///   state differs from the expectation.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws {
    try await receive(
      matching: { casePath.extract(from: $0) != nil }, expected: "an action matching \(casePath)",
      assert: assert, fileID: fileID, line: line)
  }

  /// Waits for the effects in flight to finish, then checks that nothing is left to assert.
  ///
  /// Call it at the end of every test: it makes each test a leak check.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for running effects.
  ///   - fileID: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  /// - Throws: ``TestStoreFailure`` when effects are still running after `timeout` or
  ///   received actions were not asserted (exhaustive stores only).
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) async throws {
    let registry = core.registry
    guard exhaustivity == .on else {
      // Give effects that are about to finish a chance to, then end the rest.
      _ = await TestWaiter.wait(timeout: .zero) { registry.count == 0 }
      await skipInFlightEffects()
      skipReceived()
      try throwReportedIssues(fileID: fileID, line: line)
      return
    }
    let finished = await TestWaiter.wait(timeout: timeout) { registry.count == 0 }
    try throwReportedIssues(fileID: fileID, line: line)
    if !recorder.received.isEmpty {
      throw TestStoreFailure(
        "The store received \(recorder.received.count) unexpected action(s):\n\n"
          + describeReceived() + "\n\nAssert them with 'receive', or call 'skipReceivedActions()'.",
        fileID: fileID, line: line)
    }
    guard finished else {
      throw TestStoreFailure(
        "\(registry.count) effect(s) are still running after \(timeout). Advance the clocks they "
          + "wait on, cancel the 'TestStoreTask' that 'send' returned, send the action that "
          + "stops them, or call 'skipInFlightEffects()'.",
        fileID: fileID, line: line)
    }
  }

  /// Drops every received action that has not been asserted, taking the current state as the
  /// asserted one.
  public func skipReceivedActions() async {
    await Task.yield()
    skipReceived()
  }

  /// Cancels every effect still running and waits until their tasks have returned.
  public func skipInFlightEffects() async {
    let registry = core.registry
    let handles = registry.running
    registry.cancelAll()
    for handle in handles { await handle.wait() }
  }

  private func receive(
    matching matches: (Action) -> Bool,
    expected: String,
    assert: ((inout State) throws -> Void)?,
    fileID: StaticString,
    line: UInt
  ) async throws {
    let recorder = self.recorder
    let exhaustive = exhaustivity == .on
    let arrived = await TestWaiter.wait(timeout: timeout) {
      exhaustive ? !recorder.received.isEmpty : recorder.received.contains { matches($0.action) }
    }
    guard arrived else {
      let skipped =
        recorder.received.isEmpty ? "" : "\n\nReceived instead:\n\n" + describeReceived()
      throw TestStoreFailure(
        "Expected to receive \(expected), but received nothing within \(timeout).\(skipped)",
        fileID: fileID, line: line)
    }
    if !exhaustive {
      while let first = recorder.received.first, !matches(first.action) {
        asserted = first.state
        recorder.received.removeFirst()
      }
    }
    let next = recorder.received.removeFirst()
    guard matches(next.action) else {
      throw TestStoreFailure(
        "Received an unexpected action:\n\n"
          + LineDiff.diff(expected.split(separator: "\n").map(String.init), Dump.lines(next.action))
          + "\n\n(Expected: -, Received: +)",
        fileID: fileID, line: line)
    }
    try check(
      actual: next.state, assert: assert, what: "receiving \(Dump.string(next.action))",
      fileID: fileID, line: line)
  }

  private func check(
    actual: State,
    assert: ((inout State) throws -> Void)?,
    what: String,
    fileID: StaticString,
    line: UInt
  ) throws {
    try throwReportedIssues(fileID: fileID, line: line)
    var expected = exhaustivity == .on ? asserted : actual
    if exhaustivity == .off { sharedChanges.forget() }
    let previous = expected
    defer {
      asserted = actual
      sharedChanges.accept(actual)
    }
    do {
      try sharedChanges.asserting { try assert?(&expected) }
    } catch {
      throw TestStoreFailure(
        "The assertion closure for \(what) threw \(error).", fileID: fileID, line: line)
    }
    let closureChangedShared = sharedChanges.takeClosureWrote()
    guard sharedChanges.comparing({ expected != actual }) else {
      // As in TCA: a closure that describes no change, for an action that changed nothing, is
      // a mistake in the test (it asserts something it does not check).
      guard exhaustivity == .on, assert != nil, expected == previous, !closureChangedShared
      else { return }
      throw TestStoreFailure(
        "Expected state to change after \(what), but no change occurred.\n\nThe assertion "
          + "closure made no change to the state. If no change is expected, omit the closure.",
        fileID: fileID, line: line)
    }
    let headline =
      assert == nil
      ? "State changed after \(what), but no change was asserted:"
      : "A state change does not match expectation after \(what):"
    throw TestStoreFailure(
      headline + "\n\n"
        + LineDiff.diff(sharedChanges.asserting { Dump.lines(expected) }, Dump.lines(actual))
        + "\n\n(Expected: -, Actual: +)",
      fileID: fileID, line: line)
  }

  private func checkNoUnreceivedActions(
    before what: String, fileID: StaticString, line: UInt
  ) throws {
    guard !recorder.received.isEmpty else { return }
    guard exhaustivity == .off else {
      throw TestStoreFailure(
        "Must handle \(recorder.received.count) received action(s) before \(what):\n\n"
          + describeReceived() + "\n\nAssert them with 'receive', or call 'skipReceivedActions()'.",
        fileID: fileID, line: line)
    }
    skipReceived()
  }

  /// Throws what the feature reported through ``TestIssue`` since the last assertion.
  private func throwReportedIssues(fileID: StaticString, line: UInt) throws {
    let reported = issues.drain()
    guard !reported.isEmpty else { return }
    throw TestStoreFailure(
      "The feature reported \(reported.count) issue(s):\n\n"
        + reported.map { "  • " + $0 }.joined(separator: "\n"),
      fileID: fileID, line: line)
  }

  private func describeReceived() -> String {
    recorder.received.flatMap { Dump.lines($0.action) }.map { "  " + $0 }
      .joined(separator: "\n")
  }

  private func skipReceived() {
    if let last = recorder.received.last { asserted = last.state }
    sharedChanges.accept(asserted)
    recorder.received.removeAll()
  }
}
