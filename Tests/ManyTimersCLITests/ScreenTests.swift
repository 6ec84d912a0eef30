import EffectCore
import Injection
import Testing

@testable import ManyTimersCLI

@Suite struct ScreenRendererTests {
  let rows = [
    LonelyTimer.State(name: "Tea", duration: 180, remaining: 90, status: .counting),
    LonelyTimer.State(name: "Eggs", duration: 420),
    LonelyTimer.State(name: "Bell\u{07}name", duration: 10, remaining: 0, status: .finished),
  ]

  @Test func plainFrameShowsRowsLegendAndSelection() {
    let renderer = ScreenRenderer(width: 60, height: 10, color: false)
    let frame = renderer.frame(
      rows: rows, selected: 1, bell: true, prompt: nil, message: nil, title: "many-timers")
    #expect(frame.lines.count == 10)
    #expect(frame.lines[0] == " many-timers — 3 timers, bell on")
    #expect(frame.lines[2].hasPrefix("   1  Tea"))
    #expect(frame.lines[2].contains("3:00") == false)
    #expect(frame.lines[2].contains("1:30"))
    #expect(frame.lines[2].hasSuffix("counting"))
    #expect(frame.lines[3].hasPrefix("▸  2  Eggs"))
    #expect(frame.lines[4].contains("Bell?name"))
    #expect(frame.lines[7].contains("space toggle"))
    #expect(frame.lines.allSatisfy { $0.count <= 60 })
    #expect(frame.lines.allSatisfy { !$0.contains("\u{1B}") })
  }

  @Test func colorFrameMarksStatusAndSelection() {
    let renderer = ScreenRenderer(width: 80, height: 10, color: true)
    let frame = renderer.frame(
      rows: rows, selected: 0, bell: false, prompt: " Rename: T", message: nil, title: "t")
    #expect(frame.lines[2].hasPrefix("\u{1B}[7m\u{1B}[32m"))
    #expect(frame.lines[4].hasPrefix("\u{1B}[33m"))
    #expect(frame.lines.last == " Rename: T")
  }

  @Test func progressBarFillsAsTimeRuns() {
    let renderer = ScreenRenderer(width: 80, height: 8, color: false)
    let half = renderer.frame(
      rows: [rows[0]], selected: 0, bell: true, prompt: nil, message: nil, title: "t")
    #expect(half.lines[2].contains("[██████████░░░░░░░░░░]"))
  }

  @Test func diffRewritesOnlyChangedLines() {
    let old = ScreenRenderer.Frame(lines: ["a", "b", "c"])
    let new = ScreenRenderer.Frame(lines: ["a", "B", "c"])
    #expect(ScreenDiff.update(from: old, to: new) == "\u{1B}[2;1HB\u{1B}[K")
    #expect(ScreenDiff.update(from: new, to: new).isEmpty)
    #expect(
      ScreenDiff.update(from: nil, to: old)
        == "\u{1B}[1;1Ha\u{1B}[K\u{1B}[2;1Hb\u{1B}[K\u{1B}[3;1Hc\u{1B}[K")
  }

  @Test func keysDecode() {
    #expect(
      Key.decode([0x1B, 0x5B, 0x41, 0x6A, 0x20, 0x03, 0x12, 0x0D, 0x7F, 0x1B])
        == [
          .up, .character("j"), .character(" "), .controlC, .controlR, .enter, .backspace, .escape,
        ])
    #expect(Key.decode(Array("é".utf8)) == [.character("é")])
  }
}

@MainActor
@Suite struct ScreenControllerTests {
  func makeController(clock: TestClock<Duration>) -> ScreenController {
    let host = withDependencies {
      $0.continuousClock = clock
    } operation: {
      ShoeboxHost(state: .standard(count: 3))
    }
    return ScreenController(host: host)
  }

  @Test func keysDriveTheSelectedTimer() async {
    let clock = TestClock()
    let controller = makeController(clock: clock)
    for key in Key.decode(Array("jj k ".utf8)) { await controller.handle(key) }
    #expect(controller.selected == 1)
    #expect(controller.host.rows[1].status == .counting)
    await clock.advance(by: .seconds(2))
    #expect(controller.host.rows[1].remaining == 5)
    await controller.handle(.character("x"))
    await controller.handle(.character("r"))
    #expect(controller.host.rows[1].remaining == 7)
    await controller.handle(.character("+"))
    #expect(controller.host.rows[1].duration == 17)
    await controller.handle(.character("b"))
    #expect(controller.host.bell == false)
    await controller.handle(.character("q"))
    #expect(controller.wantsToQuit)
  }

  @Test func renameAddDeleteUndoRedo() async {
    let controller = makeController(clock: TestClock())
    await controller.handle(.character("n"))
    for _ in 0..<7 { await controller.handle(.backspace) }
    for key in Key.decode(Array("Tea".utf8)) { await controller.handle(key) }
    #expect(controller.promptLine?.contains("Tea") == true)
    await controller.handle(.enter)
    #expect(controller.host.rows[0].name == "Tea")
    await controller.handle(.character("a"))
    for key in Key.decode(Array("Eggs 7m".utf8)) { await controller.handle(key) }
    await controller.handle(.enter)
    #expect(controller.host.rows.last == LonelyTimer.State(name: "Eggs", duration: 420))
    #expect(controller.selected == 3)
    await controller.handle(.character("d"))
    #expect(controller.promptLine == " Delete timer 4, Eggs?  y delete · n keep")
    await controller.handle(.character("n"))
    #expect(controller.confirmation == nil)
    #expect(controller.host.rows.count == 4)
    await controller.handle(.character("d"))
    await controller.handle(.character("y"))
    #expect(controller.confirmation == nil)
    #expect(controller.host.rows.count == 3)
    #expect(controller.selected == 2)
    await controller.handle(.character("u"))
    #expect(controller.host.rows.count == 4)
    await controller.handle(.character("U"))
    #expect(controller.host.rows.count == 3)
    await controller.handle(.character("n"))
    await controller.handle(.escape)
    #expect(controller.prompt == nil)
  }
}

/// Issue 29, point 9: on a screen of any size, the prompt and the confirmation show.
@Suite struct SmallScreenTests {
  let rows = (1...5).map { LonelyTimer.State(name: "Timer \($0)", duration: 10) }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 24])
  func thePromptAlwaysShows(height: Int) {
    let renderer = ScreenRenderer(width: 80, height: height, color: false)
    let frame = renderer.frame(
      rows: rows, selected: 3, bell: true, prompt: " Delete timer 4, Timer 4?  y delete · n keep",
      message: nil, title: "many-timers")
    #expect(frame.lines.count == height)
    #expect(frame.lines.last == " Delete timer 4, Timer 4?  y delete · n keep")
    if height >= 2 { #expect(frame.lines.contains { $0.hasPrefix("▸  4  Timer 4") }) }
    if height >= 3 { #expect(frame.lines[0].hasPrefix(" many-timers")) }
  }

  @Test func aNarrowScreenWrapsThePromptKeepingItsEnd() {
    let renderer = ScreenRenderer(width: 12, height: 5, color: false)
    let frame = renderer.frame(
      rows: rows, selected: 0, bell: true, prompt: " Delete timer 1, Timer 1?  y delete · n keep",
      message: nil, title: "many-timers")
    #expect(frame.lines.count == 5)
    #expect(frame.lines.allSatisfy { TerminalText.width($0) <= 12 })
    let text = frame.lines.joined()
    #expect(text.contains("y delete"))
    #expect(text.hasSuffix("n keep"))
  }
}
