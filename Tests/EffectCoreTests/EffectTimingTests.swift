import EffectCore
import Testing

/// `debounce` and `throttle`, TCA's semantics on a `Clock`, in virtual time.
@MainActor
@Suite struct EffectTimingTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var received: [Int] = []
    }
    enum Action: Equatable {
      case tap(Int)
      case cancel
      /// Does nothing: sending it fails while a received action is unasserted, so it checks that
      /// nothing arrived yet.
      case probe
      case response(Int)
    }
    let clock: TestClock<Duration>
    var latest = true

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap(let value) where value < 0:
        return .send(.response(-value))
          .debounce(id: "debounce", for: .seconds(1), clock: clock)
      case .tap(let value):
        return .send(.response(value))
          .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: latest)
      case .cancel:
        return .cancel(id: "debounce")
      case .probe:
        return .none
      case .response(let value):
        state.received.append(value)
        return .none
      }
    }
  }

  @Test func debounceRunsOnlyTheLastEffectOfABurst() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    try await store.send(.tap(-1))
    await clock.advance(by: .milliseconds(500))
    try await store.send(.tap(-2))
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(499))
    try await store.send(.probe)
    await clock.advance(by: .milliseconds(1))
    try await store.receive(.response(2)) { $0.received = [2] }
    try await store.finish()
  }

  @Test func aDebouncedEffectIsCancelledByItsID() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    try await store.send(.tap(-1))
    try await store.send(.cancel)
    await clock.advance(by: .seconds(5))
    try await store.finish()
  }

  @Test func throttleSendsTheLatestAtTheEndOfTheWindow() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    try await store.send(.tap(1))
    try await store.receive(.response(1)) { $0.received = [1] }
    for value in 2...5 {
      try await store.send(.tap(value))
      await clock.advance(by: .milliseconds(250))
      if value < 5 { try await store.send(.probe) }
    }
    try await store.receive(.response(5)) { $0.received = [1, 5] }
    try await store.finish()
  }

  @Test func throttleSendsTheFirstThatWaitedWhenNotLatest() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature(clock: clock, latest: false)
    }
    try await store.send(.tap(1))
    try await store.receive(.response(1)) { $0.received = [1] }
    for value in 2...5 {
      try await store.send(.tap(value))
      await clock.advance(by: .milliseconds(250))
    }
    try await store.receive(.response(2)) { $0.received = [1, 2] }
    try await store.finish()
  }

  @Test func afterTheWindowAnActionGoesThroughAtOnce() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    try await store.send(.tap(1))
    try await store.receive(.response(1)) { $0.received = [1] }
    await clock.advance(by: .seconds(1))
    try await store.send(.tap(2))
    try await store.receive(.response(2)) { $0.received = [1, 2] }
    try await store.send(.tap(3))
    await clock.advance(by: .seconds(1))
    try await store.receive(.response(3)) { $0.received = [1, 2, 3] }
    try await store.finish()
  }

  /// Windows belong to a store: another store's first action is not held back.
  @Test func storesDoNotShareWindows() async throws {
    let clock = TestClock()
    let first = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    let second = TestStore(initialState: Feature.State()) { Feature(clock: clock) }
    try await first.send(.tap(1))
    try await first.receive(.response(1)) { $0.received = [1] }
    try await second.send(.tap(7))
    try await second.receive(.response(7)) { $0.received = [7] }
    try await first.finish()
    try await second.finish()
  }

  /// A settings screen whose action is not `Sendable` (one case carries its non-`Sendable`
  /// model): TCA's `debounce` and `throttle` take its effects, and so do these.
  struct Settings: Reducer {
    final class Model {
      var volume = 0
    }
    struct State {
      var saved: [Int] = []
    }
    enum Action {
      case attach(Model)
      case volumeChanged(Int)
      case volumeDragged(Int)
      case save(Int)
    }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .attach:
        return .none
      case .volumeChanged(let volume):
        return .run { send in await send(.save(volume)) }
          .debounce(id: "save", for: .seconds(1), clock: clock)
      case .volumeDragged(let volume):
        return .send(.save(volume))
          .throttle(id: "drag", for: .seconds(1), clock: clock, latest: true)
      case .save(let volume):
        state.saved.append(volume)
        return .none
      }
    }
  }

  @Test func debounceTakesAnEffectWhoseActionIsNotSendable() async {
    let clock = TestClock()
    let store = Store(initialState: Settings.State()) { Settings(clock: clock) }
    store.send(.attach(Settings.Model()))
    store.send(.volumeChanged(1))
    store.send(.volumeChanged(2))
    #expect(await eventually { clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.saved == [2] })
  }

  @Test func throttleTakesAnEffectWhoseActionIsNotSendable() async {
    let clock = TestClock()
    let store = Store(initialState: Settings.State()) { Settings(clock: clock) }
    store.send(.volumeDragged(1))
    #expect(await eventually { store.saved == [1] })
    store.send(.volumeDragged(2))
    store.send(.volumeDragged(3))
    #expect(await eventually { clock.sleeperCount == 1 })
    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.saved == [1, 3] })
  }
}
