import EffectCore
import EffectIdentifier
import Injection
import Testing
import Undo

@testable import ManyTimersCLI

@MainActor
@Suite struct ShoeboxTests {
  func makeStore(clock: TestClock<Duration>, count: Int = 2)
    -> TestStore<Shoebox.State, Shoebox.Action>
  {
    TestStore(initialState: Shoebox.State.standard(count: count)) {
      Shoebox()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func standardTimers() {
    let state = Shoebox.State.standard(count: 12)
    #expect(state.timers.map(\.name).first == "Timer 1")
    #expect(state.timers.map(\.duration) == (0..<12).map { 3 * $0 + 4 })
    #expect(state.timers.allSatisfy { $0.status == .ready })
  }

  @Test func rowsTickIndependently() async throws {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    try await store.send(.timers(id: 1, action: .start)) {
      $0.timers[id: 1]?.status = .counting
    }
    let observation = try await store.send(.timers(id: 0, action: .stop))
    await clock.advance(by: .seconds(1))
    try await store.receive(.timers(id: 1, action: .tick)) { $0.timers[id: 1]?.remaining = 6 }
    try await store.send(.remove(id: 1)) { $0.timers.remove(id: 1) }
    await clock.advance(by: .seconds(3))
    await observation.cancel()
    try await store.finish()
  }

  @Test func editsAndStartStopAll() async throws {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    try await store.send(.add(name: nil, duration: 60)) {
      $0.append(LonelyTimer.State(name: "Timer 3", duration: 60))
    }
    try await store.send(.rename(id: 2, name: "Tea")) { $0.timers[id: 2]?.name = "Tea" }
    try await store.send(.setDuration(id: 2, seconds: 90)) {
      $0.timers[id: 2]?.duration = 90
      $0.timers[id: 2]?.remaining = 90
    }
    let observation = try await store.send(.startAll)
    for id in 0..<3 {
      try await store.receive(.timers(id: id, action: .start)) {
        $0.timers[id: id]?.status = .counting
      }
    }
    try await store.send(.stopAll)
    for id in 0..<3 {
      try await store.receive(.timers(id: id, action: .stop)) {
        $0.timers[id: id]?.status = .ready
      }
    }
    try await store.send(.setBell(false)) { $0.bell = false }
    // Every timer that has acted follows the shared setting.
    for id in 0..<3 {
      try await store.receive(.timers(id: id, action: .bell(.willChange(false)))) {
        $0.timers[id: id]?.bell = false
      }
    }
    await observation.cancel()
    try await store.finish()
  }

  /// A shoebox host on a test clock whose bell rings into `rings`.
  func makeHost(count: Int, clock: TestClock<Duration>, rings: Rings = Rings()) -> ShoeboxHost {
    withDependencies {
      $0.continuousClock = clock
      $0.terminalBell = TerminalBell { rings.ring() }
    } operation: {
      ShoeboxHost(state: .standard(count: count))
    }
  }

  @Test func undoOfARenameWhileTickingKeepsTheCount() async throws {
    let clock = TestClock()
    let host = makeHost(count: 2, clock: clock)
    host.send(.start, row: 1)
    await clock.advance(by: .seconds(2))
    host.rename(row: 1, to: "Eggs")
    await clock.advance(by: .seconds(2))
    #expect(host.rows[1].remaining == 3)
    host.undo(row: nil)
    #expect(host.rows[1].name == "Timer 2")
    #expect(host.rows[1].remaining == 3)
    await clock.advance(by: .seconds(1))
    #expect(host.rows[1].remaining == 2)
    host.redo(row: nil)
    #expect(host.rows[1].name == "Eggs")
    host.stopAll()
  }

  @Test func theSharedBellRingsOnlyWhenOn() async throws {
    let clock = TestClock()
    let rings = Rings()
    let host = makeHost(count: 2, clock: clock, rings: rings)
    host.send(.start, row: 0)
    await clock.advance(by: .seconds(4))
    #expect(await eventually { rings.count == 1 })
    host.setBell(false)
    host.send(.start, row: 1)
    await clock.advance(by: .seconds(7))
    #expect(host.rows[1].status == .finished)
    #expect(rings.count == 1)
  }

  @Test func theBellStillReachesTimersAfterAnUndo() async throws {
    let clock = TestClock()
    let rings = Rings()
    let host = makeHost(count: 2, clock: clock, rings: rings)
    host.send(.reset, row: 0)
    host.rename(row: 0, to: "Tea")
    host.undo(row: nil)
    host.setBell(false)
    host.send(.start, row: 0)
    await clock.advance(by: .seconds(4))
    #expect(host.rows[0].status == .finished)
    #expect(rings.count == 0)
  }

  @Test func undoOfRemovePutsARunningTimerBackAndItKeepsTicking() async throws {
    let clock = TestClock()
    let host = makeHost(count: 3, clock: clock)
    host.send(.start, row: 2)
    await clock.advance(by: .seconds(1))
    host.remove(row: 2)
    host.add(name: "New", duration: 30)
    host.undo(row: nil)
    host.undo(row: nil)
    #expect(host.rows.map(\.name) == ["Timer 1", "Timer 2", "Timer 3"])
    await clock.advance(by: .seconds(1))
    #expect(host.rows[2].remaining == 8)
    host.stopAll()
  }
}
