import EffectCore
import Testing

/// A presented child (`@PresentationState`, `PresentationAction`, `ifLet(\.$child, ...)`):
/// dismissal from each side ends the child's effects, as TCA's presentation tests check.
@MainActor
@Suite struct PresentationTests {
  /// A child with a timer, a way to close itself, and one to close itself and then send.
  struct Child: Reducer {
    struct State: Equatable, Identifiable {
      var id = 0
      var count = 0
    }
    enum Action: Equatable {
      case startTimer, tick, closeTapped, closeThenSend, sentAfterClosing
      case closeAfterTicks(Int)
    }
    let clock: TestClock<Duration>
    var dismiss = DismissEffect()

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTimer:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.count += 1
        return .none
      case .closeTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .closeThenSend:
        return .run { [dismiss] send in
          await dismiss()
          await send(.sentAfterClosing)
        }
      case .sentAfterClosing:
        state.count = -1
        return .none
      case .closeAfterTicks(let ticks):
        // Dismisses from inside a long-living effect, as TCA's timers that end a screen do.
        return .run { [clock, dismiss] send in
          var left = ticks
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
            left -= 1
            if left == 0 { await dismiss() }
          }
        }
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      @PresentationState var child: Child.State?
      var log: [String] = []
    }
    enum Action: Equatable {
      case child(PresentationAction<Child.Action>)
      case present(id: Int)
      case close
    }
    let clock: TestClock<Duration>

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .present(let id):
          state.child = Child.State(id: id)
        case .close:
          state.child = nil
        case .child(.dismiss):
          // Runs before the child is gone, so it can still be read.
          state.log.append("dismissing \(state.child?.count ?? -99)")
        case .child(.presented(.tick)):
          state.log.append("tick \(state.child?.count ?? -99)")
        case .child:
          break
        }
        return .none
      }
      .ifLet(\.$child, action: /Action.child) { Child(clock: clock) }
    }
  }

  @Test func theParentSettingNilEndsTheChildsEffects() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) { Parent(clock: clock) }
    try await store.send(.present(id: 1)) { $0.child = Child.State(id: 1) }
    try await store.send(.child(.presented(.startTimer)))
    await clock.advance(by: .seconds(1))
    try await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 1
      $0.log = ["tick 1"]
    }
    try await store.send(.close) { $0.child = nil }
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  @Test func theDismissActionRunsTheParentFirstThenEndsTheChild() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(child: Child.State(id: 1, count: 7))) {
      Parent(clock: clock)
    }
    try await store.send(.child(.presented(.startTimer)))
    try await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["dismissing 7"]
    }
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  @Test func theChildDismissesItselfAndItsEffectsEnd() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(child: Child.State(id: 1))) {
      Parent(clock: clock)
    }
    try await store.send(.child(.presented(.startTimer)))
    try await store.send(.child(.presented(.closeTapped)))
    try await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["dismissing 0"]
    }
    // The timer was cancelled with the child.
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  @Test func aChildThatDismissedItselfCannotSendAgain() async throws {
    let store = TestStore(initialState: Parent.State(child: Child.State(id: 1))) {
      Parent(clock: TestClock())
    }
    try await store.send(.child(.presented(.closeThenSend)))
    try await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["dismissing 0"]
    }
    // `.sentAfterClosing` never arrives: an exhaustive finish would fail on it.
    try await store.finish()
  }

  @Test func aChildDismissesItselfFromALongLivingEffect() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(child: Child.State(id: 1))) {
      Parent(clock: clock)
    }
    try await store.send(.child(.presented(.closeAfterTicks(2))))
    await clock.advance(by: .seconds(1))
    try await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 1
      $0.log = ["tick 1"]
    }
    await clock.advance(by: .seconds(1))
    try await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 2
      $0.log = ["tick 1", "tick 2"]
    }
    try await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["tick 1", "tick 2", "dismissing 2"]
    }
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func replacingTheChildWithAnotherIDEndsTheOldOnesEffects() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(child: Child.State(id: 1))) {
      Parent(clock: clock)
    }
    try await store.send(.child(.presented(.startTimer)))
    try await store.send(.present(id: 2)) { $0.child = Child.State(id: 2) }
    // The first child's timer would tick into the second one: it was cancelled instead.
    await clock.advance(by: .seconds(3))
    try await store.finish()
  }

  @Test func anActionForAnAbsentChildIsIgnoredWithAWarning() async throws {
    let log = WarningLog()
    try await log.capture {
      let store = TestStore(initialState: Parent.State()) { Parent(clock: TestClock()) }
      // The parent still sees the actions.
      try await store.send(.child(.presented(.tick))) { $0.log = ["tick -99"] }
      try await store.send(.child(.dismiss)) { $0.log.append("dismissing -99") }
      try await store.finish()
    }
    #expect(log.all.count == 2)
    #expect(log.all.allSatisfy { $0.contains("ifLet") && $0.contains("nothing was presented") })
  }

  @Test func aTestStoreOfAChildThatDismissesItselfIsDismissedAndLetGo() async throws {
    weak var released: TestStore<Child.State, Child.Action>?
    do {
      let clock = TestClock()
      let store = TestStore(initialState: Child.State()) { Child(clock: clock) }
      released = store
      try await store.send(.startTimer)
      #expect(!store.isDismissed)
      try await store.send(.closeThenSend)
      #expect(await eventually { store.isDismissed })
      // The timer was cancelled, and nothing the child sent after closing arrived.
      await clock.advance(by: .seconds(3))
      try await store.finish()
      let failures = try await TestStoreFailure.collect { try await store.send(.tick) }
      #expect(failures.map(\.message).first?.contains("dismissed test store") == true)
    }
    #expect(released == nil)
  }

  @Test func aReplacementDismissIsCalledWhenNothingPresentsTheFeature() async throws {
    let calls = LockIsolated(0)
    let dismiss = DismissEffect { calls.withLock { $0 += 1 } }
    let store = Store(initialState: Child.State()) { Child(clock: TestClock(), dismiss: dismiss) }
    await store.send(.closeTapped).finish()
    #expect(calls.value == 1)
  }

  /// A replacement made by hand (or read from a key of the app's own, such as `\.dismissGame`)
  /// runs its closure and nothing else, as in TCA, even in a presented child: only `\.dismiss`
  /// is the presentation's to take over (see Injection's tests).
  @Test func aReplacementOtherThanTheDismissDependencyRunsOnlyItsClosureWhenPresented()
    async throws
  {
    let calls = LockIsolated(0)
    struct Host: Reducer {
      struct State: Equatable { @PresentationState var child: Child.State? = Child.State() }
      enum Action: Equatable { case child(PresentationAction<Child.Action>) }
      let dismiss: DismissEffect
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .ifLet(\.$child, action: /Action.child) { Child(clock: TestClock(), dismiss: dismiss) }
      }
    }
    let store = TestStore(initialState: Host.State()) {
      Host(dismiss: DismissEffect { calls.withLock { $0 += 1 } })
    }
    try await store.send(.child(.presented(.closeTapped)))
    try await store.finish()
    #expect(calls.value == 1)
    #expect(store.state.child != nil)
  }

  @Test func dismissingWhereNothingPresentsIsReported() async throws {
    let log = WarningLog()
    await log.capture {
      let store = Store(initialState: Child.State()) { Child(clock: TestClock()) }
      await store.send(.closeTapped).finish()
    }
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("nothing presents it") == true)
  }

  @Test func aPresentedChildIsChangedInPlace() async {
    struct Rows: Reducer {
      struct State: Equatable { var rows: [Int] }
      enum Action: Equatable { case add }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.rows.append(state.rows.count)
        return .none
      }
    }
    struct Host: Reducer {
      struct State: Equatable { @PresentationState var rows: Rows.State? }
      enum Action: Equatable { case rows(PresentationAction<Rows.Action>) }
      var body: some Reducer<State, Action> {
        EmptyReducer().ifLet(\.$rows, action: /Action.rows) { Rows() }
      }
    }
    var rows = [0]
    rows.reserveCapacity(100)
    let store = Store(initialState: Host.State(rows: Rows.State(rows: rows))) { Host() }
    rows = []
    func address() -> UInt? {
      store.withState { $0.rows?.rows.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
    }
    let before = address()
    for _ in 0..<10 { store.send(.rows(.presented(.add))) }
    // Had the child been changed through a copy, its array would have been copied too.
    #expect(address() == before)
    #expect(store.state.rows?.rows == Array(0..<11))
  }
}
