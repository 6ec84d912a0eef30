import Testing

@testable import EffectCore

/// A store under re-entrancy: sends from the `deinit` of a queued action's payload, from
/// observers and from effects are queued and reduced once each, in order, never recursively;
/// awaiting a send's effects passes cancellation on.
@MainActor
@Suite struct ReentrancyTests {
  /// A payload whose `deinit` runs a closure: the last reference goes while the store clears
  /// its queue.
  final class Payload: @unchecked Sendable {
    let onDeinit: @Sendable () -> Void
    init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
  }

  /// A way back into a store made after its reducer: the payloads' `deinit` sends through it.
  final class StoreBox: @unchecked Sendable {
    weak var store: Store<Log.State, Log.Action>?
    var send: Send<Log.Action>?
  }

  struct Log: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Sendable {
      case start
      case queued(Payload)
      case pinged(String)
      case subscribe
    }
    let box: StoreBox

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        state.log.append("start")
        let box = box
        // Queued behind `.start`; when the queue is cleared, the payload's `deinit` sends.
        return .send(
          .queued(
            Payload {
              MainActor.assumeIsolated { _ = box.store?.send(.pinged("from deinit")) }
            }))
      case .queued:
        state.log.append("queued")
        return .none
      case .pinged(let from):
        state.log.append(from)
        return .none
      case .subscribe:
        state.log.append("subscribe")
        let box = box
        // A subscription whose `send` the `deinit` of a queued payload calls.
        return .merge(
          .subscribe { send in
            box.send = send
            return {}
          },
          .send(
            .queued(
              Payload {
                MainActor.assumeIsolated { box.send?.synchronously(.pinged("subscription")) }
              })))
      }
    }
  }

  @Test func aPayloadWhoseDeinitSendsWhileTheQueueIsClearedIsReducedOnceInOrder() async {
    // Before the fix this aborted the process (an exclusivity violation on the queue): run it
    // in a child process so that the suite survives.
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        let box = StoreBox()
        let store = Store(initialState: Log.State()) { Log(box: box) }
        box.store = store
        store.send(.start)
        store.send(.subscribe)
        let log = store.withState(\.log)
        let expected = [
          "start", "queued", "from deinit", "subscribe", "queued", "subscription",
        ]
        precondition(log == expected, "\(log)")
      }
    }
  }

  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment, bump }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += action == .bump ? 100 : 1
      return .none
    }
  }

  @Test func observersOfABatchAreAllToldBeforeWhatTheySendIsReduced() {
    // Each observer sends once: whichever is told first, the other must still be told of the
    // batch it belongs to, before that send is reduced.
    for _ in 0..<20 {
      let store = Store(initialState: Counter.State()) { Counter() }
      var told: [String] = []
      var sent: Set<String> = []
      for name in ["a", "b", "c"] {
        _ = store.core.addObserver {
          let count = store.withState(\.count)
          told.append("\(name)\(count)")
          if !sent.contains(name) {
            sent.insert(name)
            store.send(.bump)
          }
        }
      }
      store.send(.increment)
      // Round one: all three see 1; round two (their three bumps, one batch): all see 301.
      #expect(told.prefix(3).allSatisfy { $0.hasSuffix("1") && !$0.hasSuffix("01") })
      #expect(told.count == 6)
      #expect(told.suffix(3).allSatisfy { $0.hasSuffix("301") })
      #expect(store.withState(\.count) == 301)
    }
  }

  @Test func aSendFromAnObserverOfARestoredStateIsQueued() {
    let store = Store(initialState: Counter.State()) { Counter() }
    var told: [Int] = []
    var sent = false
    _ = store.core.addObserver {
      told.append(store.withState(\.count))
      if !sent {
        sent = true
        store.send(.increment)
      }
    }
    _ = store.core.addObserver { told.append(store.withState(\.count)) }
    store.restoreState { $0.count = 10 }
    #expect(told == [10, 10, 11, 11])
  }

  struct Sleeper: Reducer {
    struct State: Equatable {}
    enum Action: Equatable { case start, done }
    let clock: TestClock<Duration>
    let ended: LockIsolated<String?>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard action == .start else { return .none }
      return .run { [clock, ended] send in
        do {
          try await clock.sleep(for: .seconds(60))
          ended.setValue("slept")
          await send(.done)
        } catch {
          ended.setValue("cancelled")
        }
      }
    }
  }

  @Test func cancellingTheTaskThatAwaitsFinishCancelsTheEffects() async throws {
    let clock = TestClock()
    let ended = LockIsolated<String?>(nil)
    let store = Store(initialState: Sleeper.State()) { Sleeper(clock: clock, ended: ended) }
    // What SwiftUI's `.task { await store.send(.start).finish() }` does when the view goes.
    let viewTask = Task { await store.send(.start).finish() }
    try await Self.waitUntil { clock.sleeperCount == 1 }
    viewTask.cancel()
    // A bounded wait, generous on purpose: before the fix `finish()` never returned.
    let returned = await Self.returns(within: .seconds(30)) { await viewTask.value }
    #expect(returned)
    #expect(ended.value == "cancelled")
  }

  /// Waits (in real time, a hang check only) until `condition` holds.
  static func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<30_000 where !condition() { try await Task.sleep(for: .milliseconds(1)) }
    try #require(condition())
  }

  /// Whether `operation` returns within `limit` of real time (a hang check only).
  static func returns(
    within limit: Duration, _ operation: @escaping @Sendable () async -> Void
  ) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await operation()
        return true
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }
}
