import EffectCore
import Testing

/// Something outside the store that reports values to whoever registered: the kind of API
/// `Effect.subscribe` bridges.
final class Feed: Sendable {
  private let listeners = LockIsolated<(next: Int, all: [Int: @MainActor @Sendable (Int) -> Void])>(
    (0, [:]))

  func add(_ listener: @escaping @MainActor @Sendable (Int) -> Void) -> Int {
    listeners.withLock { listeners in
      listeners.next += 1
      listeners.all[listeners.next] = listener
      return listeners.next
    }
  }

  func remove(_ token: Int) { listeners.withLock { _ = $0.all.removeValue(forKey: token) } }

  var count: Int { listeners.withLock { $0.all.count } }

  @MainActor
  func emit(_ value: Int) {
    let all = listeners.withLock { $0.all.sorted { $0.key < $1.key }.map(\.value) }
    for listener in all { listener(value) }
  }
}

struct Listener: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var values: [Int] = []
  }
  enum Action: Equatable {
    case listen, listenAfterHello, stop, hello
    case emit(Int)
    case received(Int)
  }
  enum FeedID: Hashable, Sendable { case feed }
  let feed: Feed

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .listen:
      return subscription.cancellable(id: FeedID.feed, cancelInFlight: true)
    case .listenAfterHello:
      return .concatenate(.run { send in await send(.hello) }, subscription)
    case .stop:
      return .cancel(id: FeedID.feed)
    case .emit(let value):
      // A reducer feeding the subscription: its action is queued behind this one.
      MainActor.assumeIsolated { feed.emit(value) }
      state.values.append(-value)
      return .none
    case .hello:
      return .none
    case .received(let value):
      state.values.append(value)
      return .none
    }
  }

  private var subscription: Effect<Action> {
    .subscribe { [feed] send in
      let token = feed.add { send.synchronously(.received($0)) }
      return { feed.remove(token) }
    }
  }
}

struct ListenerHost: Reducer {
  struct State: Equatable {
    var detail: Listener.State?
    var rows: IdentifiedArrayOf<Listener.State> = []
  }
  enum Action: Equatable {
    case detail(Listener.Action)
    case rows(id: Int, action: Listener.Action)
    case dismiss
    case removeRow(Int)
  }
  let feed: Feed

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .dismiss: state.detail = nil
      case .removeRow(let id): state.rows.remove(id: id)
      case .detail, .rows: break
      }
      return .none
    }
    .ifLet(\.detail, action: /Action.detail) { Listener(feed: feed) }
    .forEach(\.rows, action: /Action.rows) { Listener(feed: feed) }
  }
}

@MainActor
@Suite struct EffectSubscriptionTests {
  @Test func deliversWhatTheSourceReportsAndRunsUntilCancelled() async throws {
    let feed = Feed()
    let store = TestStore(initialState: Listener.State()) { Listener(feed: feed) }
    let listening = try await store.send(.listen)
    #expect(feed.count == 1)
    feed.emit(1)
    try await store.receive(.received(1)) { $0.values = [1] }
    // A subscription is an effect in flight: a test store's leak checks count it.
    let failures = try await TestStoreFailure.collect { try await store.finish(timeout: .zero) }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("a subscription of\n    .listen\n") == true)
    #expect(feed.count == 1)
    await listening.cancel()
    #expect(feed.count == 0)
    try await store.finish()
  }

  @Test func aSendFromAReducerIsReducedRightAfterTheCurrentAction() async throws {
    let feed = Feed()
    let store = TestStore(initialState: Listener.State()) { Listener(feed: feed) }
    let listening = try await store.send(.listen)
    #expect(store.receivedActions.isEmpty)
    try await store.send(.emit(2)) { $0.values = [-2] }
    #expect(store.receivedActions == [.received(2)])
    try await store.receive(.received(2)) { $0.values = [-2, 2] }
    await listening.cancel()
    try await store.finish()
  }

  @Test func cancellingByIDUnsubscribesAndSilencesTheSend() async throws {
    let feed = Feed()
    let store = TestStore(initialState: Listener.State()) { Listener(feed: feed) }
    try await store.send(.listen)
    try await store.send(.listen)
    #expect(feed.count == 1)
    try await store.send(.stop)
    #expect(feed.count == 0)
    feed.emit(3)
    try await store.finish()
  }

  @Test func aSendKeptAfterCancellationDoesNothing() async throws {
    let kept = LockIsolated<Send<Int>?>(nil)
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        guard action == 0 else { return .none }
        return .subscribe { send in
          kept.withLock { $0 = send }
          return {}
        }
        .cancellable(id: "s")
      }
    }
    store.send(0)
    let send = try #require(kept.withLock { $0 })
    sendNow(send, 5)
    #expect(store.state == 5)
    store.send(-5)
    let task = store.send(0)
    task.cancel()
    #expect(task.isCancelled)
    let cancelled = try #require(kept.withLock { $0 })
    sendNow(cancelled, 7)
    #expect(store.state == 0)
  }

  @Test func endsWhenItsChildOrElementGoesAway() async throws {
    let feed = Feed()
    let store = TestStore(
      initialState: ListenerHost.State(
        detail: Listener.State(), rows: [Listener.State(id: 1), Listener.State(id: 2)])
    ) { ListenerHost(feed: feed) }
    try await store.send(.detail(.listen))
    try await store.send(.rows(id: 1, action: .listen))
    let lastRow = try await store.send(.rows(id: 2, action: .listen))
    #expect(feed.count == 3)
    try await store.send(.dismiss) { $0.detail = nil }
    #expect(feed.count == 2)
    try await store.send(.removeRow(1)) { $0.rows.remove(id: 1) }
    #expect(feed.count == 1)
    feed.emit(4)
    try await store.receive(.rows(id: 2, action: .received(4))) { $0.rows[id: 2]?.values = [4] }
    await lastRow.cancel()
    try await store.finish()
  }

  @Test func endsWhenTheStoreIsReleased() async throws {
    let feed = Feed()
    do {
      let store = Store(initialState: Listener.State()) { Listener(feed: feed) }
      await store.send(.listen).finish()
      #expect(feed.count == 1)
    }
    #expect(feed.count == 0)
  }

  @Test func startsInsideAConcatenationWhenItsTurnComes() async throws {
    let feed = Feed()
    let store = TestStore(initialState: Listener.State()) { Listener(feed: feed) }
    try await store.send(.listenAfterHello)
    try await store.receive(.hello)
    #expect(await eventually { feed.count == 1 })
    feed.emit(6)
    try await store.receive(.received(6)) { $0.values = [6] }
    // Started inside the concatenation's task, the subscription belongs to no send's task.
    await store.skipInFlightEffects()
    #expect(feed.count == 0)
    try await store.finish()
  }

  @Test func registersInsideTheContextsInForce() async throws {
    let seen = LockIsolated<[String]>([])
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        .subscribe { _ in
          seen.withLock { $0 = ReducerContextTests.Tenant.names }
          return {}
        }
      }
      .context(ReducerContextTests.Tenant(name: "inner"))
      .context(ReducerContextTests.Tenant(name: "outer"))
    }
    store.send(1)
    #expect(seen.withLock { $0 } == ["outer", "inner"])
  }
}

/// Calls a subscription's `send` synchronously, as its source does from the main actor.
@MainActor
private func sendNow<Action>(_ send: Send<Action>, _ action: Action) {
  send.synchronously(action)
}
