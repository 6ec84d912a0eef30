import Observation
import Testing

@testable import EffectCore

@MainActor
@Suite struct StoreTests {
  struct Log: Reducer {
    struct State: Equatable, Sendable { var entries: [String] = [] }
    enum Action: Equatable, Sendable {
      case first, second, third
      case fromEffect(Int)
      case startEffects
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .first:
        state.entries.append("first")
        return .merge(.send(.second), .send(.third))
      case .second:
        state.entries.append("second")
        return .none
      case .third:
        state.entries.append("third")
        return .none
      case .fromEffect(let n):
        state.entries.append("effect \(n)")
        return .none
      case .startEffects:
        return .run { send in
          for n in 0..<100 { await send(.fromEffect(n)) }
        }
      }
    }
  }

  @Test func synchronousEffectsAreReducedInOrder() {
    let store = Store(initialState: Log.State()) { Log() }
    store.send(.first)
    #expect(store.entries == ["first", "second", "third"])
  }

  @Test func actionsFromEffectsArriveInOrderAndNoneIsLost() async {
    let store = Store(initialState: Log.State()) { Log() }
    await store.send(.startEffects).finish()
    #expect(store.entries == (0..<100).map { "effect \($0)" })
  }

  @Test func reentrantSendsAreQueuedNotRecursed() async {
    let store = Store(initialState: Log.State()) { Log() }
    var depthDuringSecond: [String] = []
    let token = store.core.addObserver { [weak store] in
      guard let store, store.entries.last == "first" || store.entries.count == 3 else { return }
      if store.entries.count == 3 {
        depthDuringSecond = store.entries
        store.send(.fromEffect(0))
      }
    }
    store.send(.first)
    store.core.removeObserver(token)
    #expect(depthDuringSecond == ["first", "second", "third"])
    #expect(store.entries == ["first", "second", "third", "effect 0"])
  }

  @Test func dynamicMemberLookupReadsState() {
    let store = Store(initialState: Counter.State(count: 7)) { Counter() }
    #expect(store.count == 7)
    #expect(store.state.count == 7)
  }

  @Test func statesYieldsCurrentStateFirstThenOnePerBatch() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 0)
    store.send(.incrementTwiceNow)
    #expect(await iterator.next()?.count == 2)
    store.send(.decrement)
    #expect(await iterator.next()?.count == 1)
  }

  @Test func observationFiresWhenStateChanges() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let fired = LockIsolated(false)
    withObservationTracking {
      _ = store.state
    } onChange: {
      fired.withLock { $0 = true }
    }
    store.send(.increment)
    #expect(fired.withLock { $0 })
  }

  @Test func observationStartedAfterUnobservedSendsStillFires() {
    // Sends before the first read skip the registrar; tracking that starts later still hears
    // every change, through a scoped store too.
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.child(.increment))
    let child = store.scope(state: \.child, action: /Parent.Action.child)
    let fired = LockIsolated(0)
    withObservationTracking {
      _ = child.state
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    store.send(.child(.increment))
    #expect(fired.withLock { $0 } == 1)
    #expect(child.state.count == 2)
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable { var child = Counter.State() }
    enum Action: Equatable, Sendable { case child(Counter.Action) }
    var body: some Reducer<State, Action> {
      Scope(state: \.child, action: /Action.child) { Counter() }
    }
  }

  @Test func scopedStoreReadsAndSendsThroughItsParent() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.child, action: /Parent.Action.child)
    child.send(.increment)
    #expect(child.count == 1)
    #expect(store.child.count == 1)
  }

  @Test func releasingTheStoreCancelsItsEffects() async throws {
    let clock = TestClock()
    let probe = Probe()
    var store: Store? = Store(initialState: Ticker.State()) { Ticker(clock: clock, probe: probe) }
    weak let weakStore = store
    store?.send(.start)
    #expect(await eventually { clock.sleeperCount == 1 })
    store = nil
    #expect(weakStore == nil)
    #expect(await eventually { probe.all == ["cancelled"] })
    #expect(clock.sleeperCount == 0)
  }

  @Test func storeTaskFinishAndCancel() async {
    let clock = TestClock()
    let store = Store(initialState: Ticker.State()) { Ticker(clock: clock) }
    let task = store.send(.start)
    #expect(!task.isCancelled)
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
    #expect(store.send(.tick).isCancelled)  // no effects: vacuously cancelled
  }
}
