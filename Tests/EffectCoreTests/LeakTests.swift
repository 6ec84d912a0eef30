import Testing

@testable import EffectCore

/// Releasing a store ends everything it started, and nothing keeps a store alive that should
/// not: the "Lifetimes" principle of ARCHITECTURE.md, checked with thousands of effects and with
/// weak references.
@MainActor
@Suite struct LeakTests {
  /// Parks effects until they are cancelled; has a counter as a child, for scoped stores.
  struct Parked: Reducer {
    struct State: Equatable, Sendable {
      var parked = 0
      var child = Counter.State()
    }
    enum Action: Equatable, Sendable {
      case park(Int)
      /// Parks one effect that sends `.child(.increment)` once it is cancelled: it must not land.
      case parkThenSend
      case child(Counter.Action)
    }
    let parking: Parking
    var clock: TestClock<Duration> = TestClock()

    var body: some Reducer<State, Action> {
      Scope(state: \.child, action: /Action.child) { Counter(clock: clock) }
      Reduce { state, action in
        switch action {
        case .park(let count):
          state.parked += count
          return .merge((0..<count).map { _ in .run { [parking] _ in await parking.park() } })
        case .parkThenSend:
          return .run { [parking] send in
            await parking.park()
            await send(.child(.increment))
          }
        case .child:
          return .none
        }
      }
    }
  }

  @Test func releasingAStoreWithTenThousandRunningEffectsCancelsEveryOne() async {
    let parking = Parking()
    var store: Store? = Store(initialState: Parked.State()) { Parked(parking: parking) }
    weak let weakStore = store
    weak let weakCore = store.map { $0.core as AnyObject }
    store?.send(.park(10_000))
    #expect(await eventually(timeout: .seconds(20)) { parking.parkedCount == 10_000 })
    #expect(parking.cancelled == 0)
    store = nil
    #expect(weakStore == nil)
    #expect(weakCore == nil)
    #expect(await eventually(timeout: .seconds(20)) { parking.left == 10_000 })
    #expect(parking.cancelled == 10_000)
    #expect(parking.parkedCount == 0)
  }

  @Test func anEffectThatIgnoresItsCancellationOutlivesItsStoreHarmlessly() async {
    let parking = Parking()
    var store: Store? = Store(initialState: Parked.State()) { Parked(parking: parking) }
    weak let weakStore = store
    store?.send(.parkThenSend)
    #expect(await eventually { parking.parkedCount == 1 })
    store = nil
    #expect(weakStore == nil)
    // The effect ignores its cancellation and sends: there is no store to receive it.
    #expect(await eventually { parking.left == 1 })
  }

  @Test func storesAndScopedStoresAreDeallocatedAfterUse() async {
    let clock = TestClock()
    var store: Store? = Store(initialState: Parked.State()) {
      Parked(parking: Parking(), clock: clock)
    }
    var child: Store? = store?.scope(state: \.child, action: /Parked.Action.child)
    var grandchild: Store? = child?.scope(state: \.self, action: .self)
    weak let weakStore = store
    weak let weakChild = child
    weak let weakGrandchild = grandchild
    weak let weakCore = store.map { $0.core as AnyObject }
    let task = grandchild?.send(.delayedIncrement)
    child?.send(.increment)
    await clock.advance(by: .seconds(1))
    await task?.finish()
    #expect(store?.child.count == 2)
    store = nil
    child = nil
    grandchild = nil
    #expect(weakStore == nil)
    #expect(weakChild == nil)
    #expect(weakGrandchild == nil)
    #expect(weakCore == nil)
  }

  @Test func aScopedStoreKeepsItsRootRunningUntilItGoesToo() async {
    let parking = Parking()
    var store: Store? = Store(initialState: Parked.State()) { Parked(parking: parking) }
    var child: Store? = store?.scope(state: \.child, action: /Parked.Action.child)
    weak let weakCore = store.map { $0.core as AnyObject }
    store?.send(.park(100))
    #expect(await eventually { parking.parkedCount == 100 })
    store = nil
    // The child is a view onto the root's engine: the engine and its effects live on.
    #expect(weakCore != nil)
    child?.send(.increment)
    #expect(child?.count == 1)
    #expect(parking.cancelled == 0)
    child = nil
    #expect(weakCore == nil)
    #expect(await eventually { parking.left == 100 })
    #expect(parking.cancelled == 100)
  }

  @Test func aFinishedTestStoreIsDeallocated() async throws {
    let clock = TestClock()
    var store: TestStore? = TestStore(initialState: Counter.State()) { Counter(clock: clock) }
    weak let weakStore = store
    try await store?.send(.delayedIncrement)
    await clock.advance(by: .seconds(1))
    try await store?.receive(.increment) { $0.count = 1 }
    try await store?.finish()
    store = nil
    #expect(weakStore == nil)
  }

  @Test func aTestStoreReleasedWithEffectsRunningCancelsThem() async throws {
    let parking = Parking()
    var store: TestStore? = TestStore(initialState: Parked.State()) { Parked(parking: parking) }
    weak let weakStore = store
    let sendLine: UInt = #line + 1
    try await store?.send(.park(1_000)) { $0.parked = 1_000 }
    #expect(await eventually(timeout: .seconds(10)) { parking.parkedCount == 1_000 })
    // The test store fails the test, once for the action whose effects are left running.
    let failures = await TestStoreFailure.collect { store = nil }
    #expect(failures.map(\.line) == [sendLine])
    #expect(failures.first?.message.hasPrefix("1000 effects returned for this action") == true)
    #expect(weakStore == nil)
    #expect(await eventually(timeout: .seconds(10)) { parking.left == 1_000 })
    #expect(parking.cancelled == 1_000)
  }
}
