import Testing

@testable import EffectCore

/// A send's task covers the effects of every action its effects send back, transitively, as
/// TCA's does: cancelling it (or the task awaiting its `finish()`) ends them, and `finish()`
/// waits for them.
@MainActor
@Suite struct TaskTreeTests {
  /// A game screen: `.task` loads, the load's answer starts the game timer.
  struct Game: Reducer {
    struct State: Equatable, Sendable {
      var isLoaded = false
      var ticks = 0
    }
    enum Action: Equatable, Sendable {
      case task, gameLoaded, tick
    }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .task:
        return .run { send in await send(.gameLoaded) }
      case .gameLoaded:
        state.isLoaded = true
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  /// TCA's cascading cancellation: every action an effect sends starts effects that never end.
  struct Cascade: Reducer {
    typealias State = Int
    enum Action: Equatable, Sendable {
      case task, response, response1, response2
    }

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .task:
        return .run { send in await send(.response) }
      case .response:
        return .merge(
          .run { _ in try await Task.never() },
          .run { send in await send(.response1) })
      case .response1:
        return .merge(
          .run { _ in try await Task.never() },
          .run { send in await send(.response2) })
      case .response2:
        return .run { _ in try await Task.never() }
      }
    }
  }

  /// An effect that sends an action whose effect waits until it is cancelled.
  struct Loader: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable {
      case start, loaded
      case step(Int)
    }
    let parking: Parking

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in await send(.loaded) }
      case .loaded:
        return .run { [parking] _ in await parking.park() }
      case .step(let n):
        state.count = n
        return n < 3 ? .run { send in await send(.step(n + 1)) } : .none
      }
    }
  }

  @Test func cancellingTheSwiftUITaskEndsTheTimerItsEffectStarted() async {
    let clock = TestClock()
    let store = Store(initialState: Game.State()) { Game(clock: clock) }
    // SwiftUI's `.task { await store.send(.task).finish() }`, and the view going away.
    let viewTask = Task { await store.send(.task).finish() }
    #expect(await eventually { store.isLoaded && clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.ticks == 1 })
    viewTask.cancel()
    await viewTask.value
    #expect(await eventually { clock.sleeperCount == 0 })
    await clock.advance(by: .seconds(3))
    #expect(store.ticks == 1)
  }

  @Test func finishWaitsForTheEffectsOfTheActionsEffectsSend() async {
    let store = Store(initialState: Loader.State()) { Loader(parking: Parking()) }
    await store.send(.step(0)).finish()
    // TCA's `testStoreVsTestStore`: the whole chain is reduced when `finish()` returns.
    #expect(store.count == 3)
  }

  @Test func finishDoesNotReturnWhileAnEffectSentActionsEffectRuns() async {
    let parking = Parking()
    let store = Store(initialState: Loader.State()) { Loader(parking: parking) }
    let finished = LockIsolated(false)
    let waiter = Task {
      await store.send(.start).finish()
      finished.setValue(true)
    }
    #expect(await eventually { parking.parkedCount == 1 })
    for _ in 0..<100 { await Task.yield() }
    #expect(!finished.value)
    waiter.cancel()
    await waiter.value
    #expect(finished.value)
    #expect(parking.cancelled == 1)
  }

  @Test func cancellingASendEndsTheNeverEndingEffectOfTheActionItsEffectSent() async {
    let parking = Parking()
    let store = Store(initialState: Loader.State()) { Loader(parking: parking) }
    let task = store.send(.start)
    #expect(await eventually { parking.parkedCount == 1 })
    #expect(!task.isCancelled)
    task.cancel()
    await task.finish()
    #expect(parking.cancelled == 1)
    #expect(parking.left == 1)
    #expect(task.isCancelled)
  }

  @Test func cancellingAnotherSendLeavesTheEffectsRunning() async {
    let parking = Parking()
    var store: Store? = Store(initialState: Loader.State()) { Loader(parking: parking) }
    store?.send(.start)
    #expect(await eventually { parking.parkedCount == 1 })
    store?.send(.step(3)).cancel()
    for _ in 0..<100 { await Task.yield() }
    #expect(parking.cancelled == 0)
    store = nil
    #expect(await eventually { parking.left == 1 })
  }

  @Test func testStoreTaskCancelEndsTheWholeCascade() async throws {
    let failures = try await TestStoreFailure.collect {
      let store = TestStore(initialState: 0) { Cascade() }
      let task = try await store.send(.task)
      try await store.receive(.response)
      try await store.receive(.response1)
      try await store.receive(.response2)
      await task.cancel()
      #expect(task.isCancelled)
      try await store.finish()
    }
    #expect(failures.isEmpty, "\(failures.map(\.message))")
  }

  @Test func testStoreTaskFinishWaitsForTheCascade() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Game.State()) { Game(clock: clock) }
    let task = try await store.send(.task)
    try await store.receive(.gameLoaded) { $0.isLoaded = true }
    let failures = try await TestStoreFailure.collect {
      try await task.finish(timeout: .milliseconds(5))
    }
    #expect(failures.only?.message.contains("still running after ") == true)
    await task.cancel()
    try await store.finish()
  }

  /// A screen's `.task` whose stream of actions each start a short effect, for as long as the
  /// screen is up.
  struct Feed: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable {
      case task
      case item
      case saved
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .task:
        return .run { send in
          for _ in 0..<500 { await send(.item) }
        }
      case .item:
        return .run { send in await send(.saved) }
      case .saved:
        state.count += 1
        return .none
      }
    }
  }

  @Test func aLongLivedTaskLetsGoOfItsFinishedEffects() async {
    let store = Store(initialState: Feed.State()) { Feed() }
    let task = store.send(.task)
    await task.finish()
    #expect(store.count == 500)
    // 501 effects joined; the tree keeps those it has not yet found finished.
    #expect((task.tree?.count ?? 0) < 200)
    #expect(task.isFinished)
    #expect(!task.isCancelled)
  }
}
