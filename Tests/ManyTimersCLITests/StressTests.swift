import EffectCore
import EffectIdentifier
import Foundation
import Injection
import Testing

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thousand timers in one shoebox, thousands of random actions (a hundred thousand with
/// `STRESS_ACTIONS=100000`), and a reference model that says, after every virtual second, exactly
/// what each timer must show; then the same feature driven by concurrent senders while its clock
/// ticks.
@MainActor
@Suite struct StressTests {
  static let timers = 1_000
  /// Random actions in a run: 3,000 by default, so that the suite stays fast in debug builds and
  /// under ThreadSanitizer; `STRESS_ACTIONS=100000 swift test --filter StressTests` runs the
  /// issue's full hundred thousand (about 15 s in a debug build).
  static let actions =
    ProcessInfo.processInfo.environment["STRESS_ACTIONS"].flatMap { Int($0) } ?? 3_000
  /// Actions sent between two one-second advances of the clock.
  static let actionsPerSecond = 100

  @Test func aThousandTimersFollowTheModelThroughThousandsOfRandomActions() async throws {
    var random = SplitMix64(seed: 0x5EED_0001)
    var model = ShoeboxModel()
    var initial = Shoebox.State()
    for index in 0..<Self.timers {
      let duration = Int.random(in: 1...20, using: &random)
      initial.append(LonelyTimer.State(name: "Timer \(index + 1)", duration: duration))
      model.add(duration: duration)
    }
    let clock = TestClock()
    let probe = EffectProbe()
    let ticks = TickLog()
    var store: Store<Shoebox.State, Shoebox.Action>? = Self.instrumentedStore(
      initial, clock: clock, probe: probe, ticks: ticks)
    weak let weakStore = store

    for step in 0..<Self.actions {
      let action = model.randomAction(using: &random)
      store?.send(action)
      model.apply(action)
      guard (step + 1) % Self.actionsPerSecond == 0 else { continue }
      try await advanceOneSecond(clock, store: try #require(store), model: &model, ticks: ticks)
    }
    #expect(model.seconds == Self.actions / Self.actionsPerSecond)
    #expect(ticks.total == model.ticks, "every tick the model expects, and no other")

    // Stop everything, let time pass: nothing ticks, nothing is left running.
    store?.send(.stopAll)
    model.apply(.stopAll)
    try await advanceOneSecond(clock, store: try #require(store), model: &model, ticks: ticks)
    #expect(await eventually { probe.running == 0 }, "\(probe.running) effect(s) still running")
    #expect(clock.sleeperCount == 0)
    #expect(probe.warnings.isEmpty, "\(probe.warnings.prefix(3))")
    #expect(ticks.violations.isEmpty, "\(ticks.violations.prefix(3))")
    store = nil
    #expect(weakStore == nil)
  }

  @Test func concurrentSendersAndATickingClockNeverTickAStoppedTimer() async throws {
    let clock = TestClock()
    let probe = EffectProbe()
    let ticks = TickLog()
    var store: Store<Shoebox.State, Shoebox.Action>? = Self.instrumentedStore(
      Shoebox.State.standard(count: 64), clock: clock, probe: probe, ticks: ticks)
    weak let weakStore = store
    do {
      let shared = try #require(store)
      let senders = 8
      let seconds = 30
      let sendsPerSecond = 6
      let stops = LockIsolated(0)
      let finished = LockIsolated(0)
      await withTaskGroup(of: Void.self) { group in
        // Each sender drives its own eight timers at random. It sleeps on the same clock as the
        // timers, so that every second it wakes together with them and its sends race their
        // ticks on their way to the main actor.
        for sender in 0..<senders {
          group.addTask {
            var random = SplitMix64(seed: 0xC0DE + UInt64(sender))
            for second in 0..<seconds {
              try? await clock.sleep(until: .init(offset: .seconds(second)))
              // First stop one of its timers that is counting, after holding the main actor
              // for a moment so that this second's ticks are on their way to it: the stopped
              // timer's tick must not land.
              let mine = (0..<8).map { sender + senders * $0 }
              let pick = Int.random(in: 0..<8, using: &random)
              await MainActor.run {
                usleep(200)
                let counting = mine.filter { shared.timers[id: $0]?.status == .counting }
                guard !counting.isEmpty else { return }
                shared.send(.timers(id: counting[pick % counting.count], action: .stop))
                stops.withLock { $0 += 1 }
              }
              for _ in 0..<sendsPerSecond {
                let id = random.pick(mine)
                let action = random.pick([LonelyTimer.Action.start, .stop, .toggle, .reset])
                await MainActor.run { _ = shared.send(.timers(id: id, action: action)) }
              }
            }
            finished.withLock { $0 += 1 }
          }
        }
        group.addTask {
          for _ in 0..<seconds { await clock.advance(by: .seconds(1)) }
          // A sender that started late (a loaded machine) sleeps until a second that has come:
          // it wakes at the next advance, so keep advancing until every sender is done.
          while finished.value < senders {
            await clock.advance(by: .zero)
            try? await Task.sleep(for: .milliseconds(1))
          }
        }
      }
      let sent = senders * seconds * sendsPerSecond + stops.value
      #expect(ticks.actionsFromOutside == sent, "no action is lost")
      shared.send(.stopAll)
      await clock.advance(by: .seconds(5))
      #expect(await eventually { probe.running == 0 }, "\(probe.running) effect(s) still running")
      #expect(ticks.total > 0)
      #expect(ticks.violations.isEmpty, "\(ticks.violations.prefix(3))")
      #expect(probe.warnings.isEmpty, "\(probe.warnings.prefix(3))")
    }
    store = nil
    #expect(weakStore == nil)
  }

  /// Advances one virtual second once every counting timer's effect is asleep on the clock, then
  /// checks each timer against the model: counting ones ticked exactly once, others not at all.
  /// A shoebox on `clock` whose ticks `ticks` records and whose effects `probe` counts.
  private static func instrumentedStore(
    _ initial: Shoebox.State, clock: TestClock<Duration>, probe: EffectProbe, ticks: TickLog
  ) -> Store<Shoebox.State, Shoebox.Action> {
    withDependencies {
      $0.continuousClock = clock
    } operation: {
      Store(initialState: initial) {
        CombineReducers {
          Reduce { state, action in
            ticks.record(action, in: state)
            return .none
          }
          Shoebox()
        }
        .context(probe)
      }
    }
  }

  private func advanceOneSecond(
    _ clock: TestClock<Duration>,
    store: Store<Shoebox.State, Shoebox.Action>,
    model: inout ShoeboxModel,
    ticks: TickLog
  ) async throws {
    let counting = model.countingIDs
    let asleep = await eventually(timeout: .seconds(10)) { clock.sleeperCount == counting.count }
    try #require(
      asleep, "second \(model.seconds): \(clock.sleeperCount) asleep, \(counting.count) counting")
    await clock.advance(by: .seconds(1))
    model.advance()
    let delivered = await eventually(timeout: .seconds(10)) {
      ticks.inLastSecond.count == counting.count && clock.sleeperCount == model.countingIDs.count
    }
    let inLastSecond = ticks.takeLastSecond()
    try #require(
      delivered,
      "second \(model.seconds): \(inLastSecond.count) of \(counting.count) timers ticked")
    try #require(
      inLastSecond == Dictionary(uniqueKeysWithValues: counting.map { ($0, 1) }),
      "second \(model.seconds): each counting timer ticks exactly once")
    try #require(ticks.violations.isEmpty, "\(ticks.violations.prefix(3))")
    let actual = store.timers.map { ModelTimer(id: $0.id, $0.value) }
    let firstDifference = zip(actual, model.timers).first { $0 != $1 }
    try #require(
      actual == model.timers,
      "second \(model.seconds): the store and the model differ, first at \(firstDifference)")
  }
}
