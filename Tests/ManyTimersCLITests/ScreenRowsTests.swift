import EffectCore
import Foundation
import Injection
import Testing

@testable import ManyTimersCLI

/// The screen keeps a store per shown timer and draws again only the lines of the timers that
/// changed: with 100,000 timers and one counting, a second's tick draws one line.
@MainActor
@Suite struct ScreenRowsTests {
  let renderer = ScreenRenderer(width: 80, height: 24, color: false)

  func makeHost(count: Int, clock: TestClock<Duration>) -> ShoeboxHost {
    withDependencies {
      $0.continuousClock = clock
    } operation: {
      ShoeboxHost(state: .standard(count: count))
    }
  }

  /// Draws the first 18 rows, as a 24-row screen shows them.
  func draw(_ rows: ScreenRows, selected: Int = 0) -> [String] {
    rows.lines(for: 0..<18, selected: selected, renderer: renderer)
  }

  @Test func aTickOfOneTimerAmong100000DrawsOneLine() async {
    let clock = TestClock()
    let host = makeHost(count: 100_000, clock: clock)
    let told = LockIsolated(0)
    let rows = ScreenRows(host: host) { told.withLock { $0 += 1 } }
    _ = draw(rows)
    #expect(rows.drawnLines == 18)
    host.send(.start, row: 3)
    #expect(told.withLock { $0 } == 1)
    var lines = draw(rows)
    #expect(rows.drawnLines == 19)
    #expect(lines[3].contains("counting"))
    for second in 1...3 {
      await clock.advance(by: .seconds(1))
      lines = draw(rows)
      #expect(rows.drawnLines == 19 + second)
      #expect(lines[3].contains(TimerDuration.format(13 - second)))
    }
    host.stopAll()
  }

  @Test func nothingChangedDrawsNothing() {
    let host = makeHost(count: 50, clock: TestClock())
    let rows = ScreenRows(host: host) {}
    _ = draw(rows)
    _ = draw(rows)
    host.send(.start, row: 40)  // not shown
    host.send(.stop, row: 40)
    _ = draw(rows)
    #expect(rows.drawnLines == 18)
  }

  @Test func movingTheSelectionDrawsTheTwoLinesItMovesBetween() {
    let host = makeHost(count: 50, clock: TestClock())
    let rows = ScreenRows(host: host) {}
    _ = draw(rows, selected: 0)
    let lines = draw(rows, selected: 1)
    #expect(rows.drawnLines == 20)
    #expect(lines[1].hasPrefix("▸"))
  }

  @Test func renamingOneTimerDrawsItsLine() {
    let host = makeHost(count: 50, clock: TestClock())
    let rows = ScreenRows(host: host) {}
    _ = draw(rows)
    host.rename(row: 5, to: "Eggs")
    let lines = draw(rows)
    #expect(rows.drawnLines == 19)
    #expect(lines[5].contains("Eggs"))
  }

  @Test func addingOrRemovingATimerDrawsEveryShownLine() {
    let host = makeHost(count: 50, clock: TestClock())
    let told = LockIsolated(0)
    let rows = ScreenRows(host: host) { told.withLock { $0 += 1 } }
    _ = draw(rows)
    host.remove(row: 0)
    #expect(told.withLock { $0 } >= 1)
    let lines = draw(rows)
    #expect(rows.drawnLines == 36)
    #expect(lines[0].contains("Timer 2"))
    host.setBell(!host.bell)
    _ = draw(rows)
    #expect(rows.drawnLines == 54)
  }

  @Test func documentsAreWatchedOneStoreEach() async throws {
    let clock = TestClock()
    let documents = (0..<30).map { index in
      (
        path: "/nonexistent/\(index).timer",
        document: TimerDocument(
          id: UUID(), timer: LonelyTimer.State(name: "Doc \(index)", duration: 9))
      )
    }
    let host = withDependencies {
      $0.continuousClock = clock
    } operation: {
      DocumentsHost(documents: documents)
    }
    let rows = ScreenRows(host: host) {}
    _ = draw(rows)
    host.send(.start, row: 2)
    await clock.advance(by: .seconds(1))
    let lines = draw(rows)
    #expect(rows.drawnLines == 19)
    #expect(lines[2].contains("0:08"))
    host.stopAll()
  }
}

@MainActor
@Suite struct StartAllBudgetTests {
  @Test func startAllRefusesMoreTimersThanTheMachineKeepsCounting() async {
    let count = TimerBudget.maximumCounting + 1
    let host = withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      ShoeboxHost(state: .standard(count: count))
    }
    let controller = ScreenController(host: host)
    await controller.handle(.character("S"))
    #expect(controller.message?.contains("S starts at most") == true)
    #expect(host.rows.allSatisfy { $0.status == .ready })
    await controller.handle(.character("s"))
    #expect(host.row(0).status == .counting)
    host.stopAll()
  }
}
