import Testing
import Undo

/// A countdown whose duration can change while it counts: `remaining` must stay within
/// `0...duration`, which field-by-field undo alone does not keep.
struct Countdown: Reducer {
  struct State: Equatable, Codable {
    var duration = 7
    var remaining = 7
  }
  enum Action: Equatable {
    case start
    case tick
    case setDuration(Int)
  }
  let clock: TestClock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: "countdown", cancelInFlight: true)
    case .tick:
      state.remaining = max(0, state.remaining - 1)
    case .setDuration(let seconds):
      state.change(duration: seconds)
    }
    return .none
  }
}

extension Countdown.State {
  /// What changing the duration does: the time counted so far is kept.
  mutating func change(duration seconds: Int) {
    let elapsed = duration - remaining
    duration = seconds
    remaining = max(0, seconds - elapsed)
  }
}

/// The same countdown, keeping its invariant through undo.
struct RepairedCountdown: Equatable, Codable, UndoRepairable {
  var countdown = Countdown.State()

  mutating func repairAfterUndo(from previous: Self) {
    // The duration moved but the count since was kept: move the duration as the action does.
    guard countdown.duration != previous.countdown.duration,
      countdown.remaining == previous.countdown.remaining
    else { return }
    let duration = countdown.duration
    countdown = previous.countdown
    countdown.change(duration: duration)
  }
}

@MainActor
@Suite struct UndoRepairTests {
  @Test func withoutARepairUndoMergesFieldsIntoAStateNoActionMakes() async {
    let clock = TestClock()
    let store = Store(initialState: Countdown.State()) { Countdown(clock: clock) }
    let history = UndoHistory()
    let ticking = store.send(.start)
    await clock.advance(by: .seconds(2))
    store.send(.setDuration(20), undoable: history, named: "Duration")
    await clock.advance(by: .seconds(3))
    history.undo()
    // The duration went back, the ticks since were kept: 15 of 7 seconds remain.
    #expect(store.state == Countdown.State(duration: 7, remaining: 15))
    ticking.cancel()
    await ticking.finish()
  }

  @Test func aRepairKeepsTheInvariantThroughUndoAndRedo() async {
    let clock = TestClock()
    let store = Store(initialState: RepairedCountdown()) {
      Scope(state: \.countdown, action: /Countdown.Action.self) { Countdown(clock: clock) }
    }
    let history = UndoHistory()
    let ticking = store.send(.start)
    await clock.advance(by: .seconds(2))
    store.send(.setDuration(20), undoable: history, named: "Duration")
    await clock.advance(by: .seconds(3))
    history.undo()
    #expect(store.countdown == Countdown.State(duration: 7, remaining: 2))
    await clock.advance(by: .seconds(1))
    history.redo()
    #expect(store.countdown == Countdown.State(duration: 20, remaining: 14))
    ticking.cancel()
    await ticking.finish()
  }

  @Test func anExactUndoNeedsNoRepair() {
    let store = Store(initialState: RepairedCountdown()) {
      Scope(state: \.countdown, action: /Countdown.Action.self) { Countdown(clock: TestClock()) }
    }
    let history = UndoHistory()
    store.send(.setDuration(20), undoable: history)
    history.undo()
    #expect(store.countdown == Countdown.State(duration: 7, remaining: 7))
    history.redo()
    #expect(store.countdown == Countdown.State(duration: 20, remaining: 20))
  }

  @Test func testStoresAssertTheRepairedState() async throws {
    let clock = TestClock()
    let history = UndoHistory()
    let store = TestStore(initialState: RepairedCountdown()) {
      Scope(state: \.countdown, action: /Countdown.Action.self) { Countdown(clock: clock) }
    }
    let ticking = try await store.send(.start)
    await clock.advance(by: .seconds(1))
    try await store.receive(.tick) { $0.countdown.remaining = 6 }
    try await store.send(.setDuration(20), undoable: history) {
      $0.countdown = Countdown.State(duration: 20, remaining: 19)
    }
    await clock.advance(by: .seconds(1))
    try await store.receive(.tick) { $0.countdown.remaining = 18 }
    try await store.undo(history) { $0.countdown = Countdown.State(duration: 7, remaining: 5) }
    await ticking.cancel()
    try await store.finish()
  }
}

/// A value whose repair counts itself: it shows whether a repair ran, and whether redo takes it
/// back.
struct Limited: Equatable, Codable, UndoRepairable {
  var limit = 10
  var value = 3
  var repairs = 0

  mutating func repairAfterUndo(from previous: Self) {
    value = min(value, limit)
    repairs += 1
  }
}

struct LimitedFeature: Reducer {
  struct State: Equatable, Codable {
    var limited = Limited()
  }
  enum Action: Equatable {
    case setLimit(Int)
    case setValue(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setLimit(let limit): state.limited.limit = limit
    case .setValue(let value): state.limited.value = value
    }
    return .none
  }
}

@MainActor
@Suite struct UndoExactnessTests {
  /// Issue 29: redo gives back exactly the state the undo left, the repair's own changes
  /// included, and an undo right after a redo gives back exactly what that redo found.
  @Test func aRepairIsUndoneAndRedoneExactly() {
    let store = Store(initialState: LimitedFeature.State()) { LimitedFeature() }
    let history = UndoHistory()
    store.send(.setLimit(5), undoable: history)
    store.send(.setValue(4))
    history.undo()
    // Changed since the step: patched field by field, then repaired once.
    #expect(store.limited == Limited(limit: 10, value: 4, repairs: 1))
    history.redo()
    // Nothing changed since the undo: exactly the state before it, the repair taken back.
    #expect(store.limited == Limited(limit: 5, value: 4, repairs: 0))
    history.undo()
    #expect(store.limited == Limited(limit: 10, value: 4, repairs: 1))
    history.redo()
    #expect(store.limited == Limited(limit: 5, value: 4, repairs: 0))
  }

  /// A value still as the step left it goes back as it was, without a repair.
  @Test func anUntouchedValueIsPutBackWithoutARepair() {
    let store = Store(initialState: LimitedFeature.State()) { LimitedFeature() }
    let history = UndoHistory()
    store.send(.setLimit(5), undoable: history)
    history.undo()
    #expect(store.limited == Limited(limit: 10, value: 3, repairs: 0))
    history.redo()
    #expect(store.limited == Limited(limit: 5, value: 3, repairs: 0))
  }

  /// A test store's undo and redo record what they changed, as a store's do.
  @Test func testStoresAreExactToo() async throws {
    let store = TestStore(initialState: LimitedFeature.State()) { LimitedFeature() }
    let history = UndoHistory()
    try await store.send(.setLimit(5), undoable: history) { $0.limited.limit = 5 }
    try await store.send(.setValue(4)) { $0.limited.value = 4 }
    try await store.undo(history) {
      $0.limited.limit = 10
      $0.limited.repairs = 1
    }
    try await store.redo(history) {
      $0.limited.limit = 5
      $0.limited.repairs = 0
    }
  }
}
