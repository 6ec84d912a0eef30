import EffectCore
import EffectIdentifier
import Foundation
import Injection
import Testing

@testable import ManyTimersCLI

/// Undo and redo are exact (issue 29, points 5 to 8): a redo right after an undo gives back
/// the state from before the undo, an undo right after a redo the state from before the redo,
/// and what the timer's invariant repair does is taken back and done again with the rest.
@MainActor
@Suite struct UndoExactnessTests {
  func makeHost(clock: TestClock<Duration>, timers: Int = 3) -> ShoeboxHost {
    withDependencies {
      $0.continuousClock = clock
    } operation: {
      ShoeboxHost(state: .standard(count: timers))
    }
  }

  /// The rows with their ids, to compare whole shoeboxes.
  func snapshot(_ host: ShoeboxHost) -> [Identified<Int, LonelyTimer.State>] {
    Array(host.store.timers)
  }

  @Test func redoOfAnAddBringsTheTimerBackAsTheUndoTookIt() async {
    let console = await Console.script([
      "add Tea 30", "start 4", "advance 5", "undo", "redo", "dump", "advance 1", "dump",
    ])
    #expect(console.errors.isEmpty)
    #expect(console.output.count == 2)
    #expect(
      console.output[0].contains(
        #"{"name":"Tea","duration":30,"remaining":25,"status":"counting"}"#))
    #expect(
      console.output[1].contains(
        #"{"name":"Tea","duration":30,"remaining":24,"status":"counting"}"#))
  }

  @Test func undoAfterARedoOfARemoveBringsBackTheTimeItHadThen() async {
    let console = await Console.script([
      "add Tea 60", "start 4", "advance 5", "remove 4", "undo", "advance 10", "redo", "advance 3",
      "undo", "dump", "advance 1", "dump",
    ])
    #expect(console.errors.isEmpty)
    #expect(
      console.output[0].contains(
        #"{"name":"Tea","duration":60,"remaining":45,"status":"counting"}"#))
    #expect(
      console.output[1].contains(
        #"{"name":"Tea","duration":60,"remaining":44,"status":"counting"}"#))
  }

  @Test func undoThenRedoOfADurationChangeIsTheStateBeforeTheUndo() async {
    let clock = TestClock()
    let host = makeHost(clock: clock)
    host.send(.start, row: 2)
    await clock.advance(by: .seconds(2))
    host.setDuration(row: 2, seconds: 4)
    await clock.advance(by: .seconds(3))
    let before = snapshot(host)
    #expect(host.rows[2].status == .finished)
    host.undo(row: nil)
    host.redo(row: nil)
    #expect(snapshot(host) == before)
    host.undo(row: nil)
    let undone = snapshot(host)
    host.redo(row: nil)
    host.undo(row: nil)
    #expect(snapshot(host) == undone)
  }

  @Test func undoingADurationChangeAfterTheTimerFinishedLeavesNoTimeLeft() async {
    let clock = TestClock()
    let host = makeHost(clock: clock)
    host.setDuration(row: 0, seconds: 10)
    host.send(.start, row: 0)
    await clock.advance(by: .seconds(6))
    host.setDuration(row: 0, seconds: 4)
    #expect(host.rows[0].remaining == 0)
    await clock.advance(by: .seconds(1))
    #expect(host.rows[0].status == .finished)
    host.undo(row: nil)
    #expect(host.rows[0].duration == 10)
    #expect(host.rows[0].remaining == 0)
    #expect(host.rows[0].status == .finished)
    host.redo(row: nil)
    #expect(host.rows[0].duration == 4)
    #expect(host.rows[0].remaining == 0)
  }

  @Test func aDocumentIsNeverSavedFinishedWithTimeLeft() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(duration: 10, remaining: 10), to: "tea.timer")
    let console = Console(input: [
      "start 1", "advance 6", "duration 1 4", "advance 1", "undo", "save",
    ])
    #expect(await console.run(["run", "--virtual-clock", "--open", path]) == .success)
    let saved = try TimerDocument.decode(Data(folder.contents("tea.timer")!.utf8))
    #expect(saved.timer.status == .finished)
    #expect(saved.timer.remaining == 0)
  }

  /// Random sessions: after every command the timers are valid, counting timers tick once a
  /// second, and each undo followed at once by a redo (or redo by undo) gives the state back.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomSessionsAreExact(seed: UInt64) async {
    var random = SplitMix64(seed: seed)
    let clock = TestClock()
    let host = makeHost(clock: clock, timers: 4)
    let names = ["Tea", "Eggs", "Rice", "Pasta"]
    for step in 0..<300 {
      let count = host.rowCount
      let row = count > 0 ? Int.random(in: 0..<count, using: &random) : 0
      let roll = Int.random(in: 0..<100, using: &random)
      switch roll {
      case ..<6:
        host.add(name: random.pick(names), duration: Int.random(in: 1...30, using: &random))
      case ..<10 where count > 1: host.remove(row: row)
      case ..<25 where count > 0: host.send(.start, row: row)
      case ..<30 where count > 0: host.send(.stop, row: row)
      case ..<33 where count > 0: host.send(.toggle, row: row)
      case ..<36 where count > 0: host.send(.reset, row: row)
      case ..<42 where count > 0: host.rename(row: row, to: random.pick(names))
      case ..<52 where count > 0:
        host.setDuration(row: row, seconds: Int.random(in: 0...30, using: &random))
      case ..<64:
        let before = snapshot(host)
        let could = host.history.canUndo
        host.undo(row: nil)
        if could, Bool.random(using: &random) {
          host.redo(row: nil)
          #expect(snapshot(host) == before, "seed \(seed), step \(step): undo then redo")
        }
      case ..<72:
        let before = snapshot(host)
        let could = host.history.canRedo
        host.redo(row: nil)
        if could, Bool.random(using: &random) {
          host.undo(row: nil)
          #expect(snapshot(host) == before, "seed \(seed), step \(step): redo then undo")
        }
      default:
        let before = snapshot(host)
        await clock.advance(by: .seconds(1))
        let after = snapshot(host)
        #expect(after.map(\.id) == before.map(\.id))
        for (old, new) in zip(before, after) where old.id == new.id {
          var expected = old.value
          if old.status == .counting {
            expected.remaining = max(0, old.remaining - 1)
            if old.remaining - 1 <= 0 { expected.status = .finished }
          }
          #expect(new.value == expected, "seed \(seed), step \(step): a second passed")
        }
      }
      for timer in host.rows {
        #expect(
          (0...timer.duration).contains(timer.remaining),
          "seed \(seed), step \(step): \(timer)")
        #expect(timer.status != .finished || timer.remaining == 0, "seed \(seed), step \(step)")
      }
    }
    host.stopAll()
  }
}
