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
/// must be asserted, every received action must be received with
/// ``receive(_:timeout:assert:fileID:file:line:column:)-(Action,_,_,_,_,_,_)``, and no effect
/// may be left running at the end of the test: ``finish(timeout:fileID:file:line:column:)``
/// fails while effects are still running, and so does a store that goes away with effects
/// running or actions not received, at the `send` that started each effect. Set
/// `exhaustivity = .off` to assert only what a test cares about.
///
/// Every failure is reported at the call that failed: see ``TestStoreFailure``. Assertions are
/// `async throws`: a failing one records the failure and throws, so the test stops there.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly the store checks; `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive` and `finish` wait for effects by default: one second.
  public var timeout: Duration = .seconds(1)

  /// Whether the store's effects run on the main serial executor: `true` by default, as in TCA.
  ///
  /// Effects then run one job at a time on the main actor's queue, with their child tasks
  /// (`async let`, task groups) and the default actors they call, so effects that await several
  /// answers at once, or sleep on an immediate clock, deliver in the same order every run (see
  /// ``withMainSerialExecutor(isolation:operation:)``). It is scoped to this store: tests
  /// running in parallel are untouched.
  ///
  /// Set it to `false` before sending, to test code whose effects must really run in parallel
  /// (one that blocks a thread while another effect works):
  ///
  /// ```swift
  /// let store = TestStore(initialState: Feature.State()) { Feature() }
  /// store.useMainSerialExecutor = false
  /// ```
  public var useMainSerialExecutor: Bool {
    get { core.registry.usesMainSerialExecutor.load(ordering: .relaxed) }
    set { core.registry.usesMainSerialExecutor.store(newValue, ordering: .relaxed) }
  }

  let core: RootCore<State, Action>
  let recorder: ActionRecorder<State, Action>
  let issues: TestIssueCollector
  let ledger: EffectLedger<Action>
  let contexts: TestStoreContexts
  /// Whether a failure was reported. The test stops at a failing assertion, so the checks made
  /// when the store goes away would only report what the test never got to.
  let hasFailed = LockIsolated(false)
  /// The state as the test last asserted it.
  var asserted: State
  /// Where the test made the store: failures without a call of their own are reported there.
  let site: CallSite
  /// Whether the feature dismissed itself, and the effects to cancel when it does.
  let dismissal = TestDismissal()
  /// The values shared references in the state had at the last assertion (see SharedSnapshots).
  let sharedChanges: SharedChangeRecorder

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - fileID: Where the store is made, for failures found when it goes away.
  ///   - filePath: Where the store is made, for failures found when it goes away.
  ///   - line: Where the store is made, for failures found when it goes away.
  ///   - column: Where the store is made, for failures found when it goes away.
  public init<R: Reducer>(
    initialState: State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let sharedChanges = SharedChangeRecorder()
    let recorder = ActionRecorder<State, Action>(sharedChanges: sharedChanges)
    let ledger = EffectLedger<Action>(origin: site)
    let issues = TestIssueCollector()
    let issueContext = TestIssueContext(collector: issues)
    let contexts = TestStoreContexts()
    // The effect-start counter is innermost, so that it runs inside each effect's task; the
    // other contexts only bind task-local values, and are read for each action.
    let feature = reducer().context(ledger.starts).context { _, _ in
      InheritedContexts(contexts: [issueContext] + contexts.all)
    }
    self.site = site
    self.recorder = recorder
    self.sharedChanges = sharedChanges
    self.ledger = ledger
    self.issues = issues
    self.contexts = contexts
    self.asserted = initialState
    self.core = RootCore(
      initialState: initialState,
      reducer: RecordingReducer(
        base: Reduce(DismissibleRoot(base: feature, dismissal: dismissal)), recorder: recorder))
    dismissal.registry = core.registry
    core.registry.usesMainSerialExecutor.store(true, ordering: .relaxed)
    sharedChanges.accept(initialState)
    MainQueueCheck.prepare()
    // Effect tasks are tracked as a test clock tracks them, so that `send` can tell an effect
    // that is ready to run from one asleep on a test clock (see `letReadyEffectsRun`).
    ClockActivity.startTracking()
    core.didStartEffects = { [ledger] action, handles in ledger.record(action, handles) }
  }

  // Not an isolated deinit: that one runs without the task-local values of the code that lets
  // the store go, and they say which test is running (Swift Testing's `Test.current`) and where
  // failures go. A test lets its store go on the main actor, in its own task; elsewhere the
  // checks are skipped.
  deinit {
    guard MainQueueCheck.isOnMainQueue else { return }
    MainActor.assumeIsolated { reportLeaks() }
  }

  /// Whether the feature dismissed itself: a `DismissEffect` called in one of its own effects,
  /// as a child feature tested on its own does when it closes (in a presented child's effects
  /// it dismisses that child instead). Its effects have been cancelled then, and sending to the
  /// store fails, as in TCA.
  public var isDismissed: Bool { dismissal.isDismissed }

  /// The current state: the state after the last action reduced, asserted or not.
  public var state: State { core.state }

  /// The actions effects have sent that no `receive` has asserted yet.
  public var receivedActions: [Action] { recorder.received.map(\.action) }

  /// Runs `body` inside the contexts the feature runs in: the store's dependencies, its
  /// collection of reported issues.
  func withFeatureContexts<R>(_ body: () throws -> R) rethrows -> R {
    try InheritedContexts(contexts: [TestIssueContext(collector: issues)] + contexts.all)
      .withContext(body)
  }
}
