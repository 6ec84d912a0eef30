import EffectCore
import Foundation
import Injection
import Testing

@testable import ManyTimersCLI

/// Text from users reaches the terminal whole, safe and in its columns (issue 20, point 3).
@MainActor
@Suite struct TerminalTextTests {
  @Test func aCharacterCutBetweenTwoReadsIsKeptWhole() {
    let text = String(repeating: "あ", count: 22) + "é🍵"
    let bytes = Array(text.utf8)
    for split in 1..<bytes.count {
      var decoder = KeyDecoder()
      let keys = decoder.decode(Array(bytes[..<split])) + decoder.decode(Array(bytes[split...]))
      #expect(
        keys == text.map { .character($0) }, "cut after byte \(split)")
    }
    // Read one byte at a time, too.
    var decoder = KeyDecoder()
    let keys = bytes.flatMap { decoder.decode([$0]) }
    #expect(keys == text.map { .character($0) })
  }

  @Test func bytesThatAreNotUTF8AreDropped() {
    #expect(
      Key.decode([0x61, 0xFF, 0x62, 0xC0, 0x80, 0x63]) == [
        .character("a"), .character("b"), .character("c"),
      ])
  }

  @Test func pastingIntoTheRenamePromptKeepsEveryCharacter() async {
    let host = withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      ShoeboxHost(state: .standard(count: 1))
    }
    let controller = ScreenController(host: host)
    var decoder = KeyDecoder()
    await controller.handle(.character("n"))
    for _ in 0..<7 { await controller.handle(.backspace) }
    let name = String(repeating: "あ", count: 22)
    let bytes = Array(name.utf8)
    // The terminal hands the paste over in reads of 64 bytes, which cut characters.
    for start in stride(from: 0, to: bytes.count, by: 64) {
      for key in decoder.decode(Array(bytes[start..<min(bytes.count, start + 64)])) {
        await controller.handle(key)
      }
    }
    await controller.handle(.enter)
    #expect(host.rows[0].name == name)
  }

  @Test func thePromptRefusesCharactersThatWouldReachTheTerminal() async {
    let host = withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      ShoeboxHost(state: .standard(count: 1))
    }
    let controller = ScreenController(host: host)
    await controller.handle(.character("n"))
    for character in ["\u{9B}", "\u{202E}", "\u{7F}", "\u{2066}", "x"] as [Character] {
      await controller.handle(.character(character))
    }
    await controller.handle(.enter)
    #expect(host.rows[0].name == "Timer 1x")
  }

  @Test func widthsAreInColumns() {
    #expect(TerminalText.width("Tea") == 3)
    #expect(TerminalText.width("あい") == 4)
    #expect(TerminalText.width("🍵") == 2)
    #expect(TerminalText.width("👩‍👩‍👧") == 2)
    #expect(TerminalText.width("🇯🇵") == 2)
    #expect(TerminalText.width("e\u{301}") == 1)
    #expect(TerminalText.width("\u{301}") == 0)
    #expect(TerminalText.width("☕︎") == 1 || TerminalText.width("☕︎") == 2)
    #expect(TerminalText.width("ＡＢ") == 4)
    #expect(TerminalText.truncated("あいうえお", toWidth: 6) == "あい…")
    #expect(TerminalText.truncated("あいうえお", toWidth: 5) == "あい…")
  }

  @Test func controlsAndBidiOverridesNeverReachTheTerminal() {
    let name = "a\u{7F}b\u{9B}31mc\u{202E}d\u{2066}e\u{1B}[2J"
    #expect(TerminalText.sanitized(name) == "a?b?31mc?d?e?[2J")
    let renderer = ScreenRenderer(width: 80, height: 8, color: false)
    let frame = renderer.frame(
      rows: [LonelyTimer.State(name: name, duration: 10)], selected: 0, bell: true,
      prompt: "x\u{202E}y", message: nil, title: "t")
    for line in frame.lines {
      #expect(line.unicodeScalars.allSatisfy(TerminalText.isSafe), "\(line.debugDescription)")
    }
  }

  @Test func dumpEscapesWhatATerminalWouldObey() async {
    #expect(JSONText.string("a\u{9B}b\u{202E}c\u{7F}") == #""a\u009bb\u202ec\u007f""#)
    let console = await Console.script(["rename 1 x\u{9B}2J\u{2067}y", "dump"], timers: 1)
    #expect(console.output.first?.contains(#""name":"x\u009b2J\u2067y""#) == true)
  }

  @Test func wideNamesKeepTheColumnsInLine() {
    let names = ["Tea", "緑茶を淹れる時間です本当に長い名前の例です", "🍵🍵🍵", "Cafe\u{301}", "ＦＵＬＬ"]
    for width in [40, 61, 80, 120] {
      let renderer = ScreenRenderer(width: width, height: 12, color: false)
      let frame = renderer.frame(
        rows: names.map { LonelyTimer.State(name: $0, duration: 90) }, selected: 0, bell: true,
        prompt: nil, message: nil, title: "many-timers")
      let rows = frame.lines[2..<(2 + names.count)]
      // Every row takes the same columns, within the screen (the last column stays free);
      // on a narrow screen the rows are cut at its edge.
      for row in rows {
        #expect(TerminalText.width(row) == (width < 61 ? width : width - 1))
      }
      // The time column starts at the same column in every row.
      let columns = rows.map { row -> Int? in
        guard let range = row.range(of: "1:30") else { return nil }
        return TerminalText.width(row[..<range.lowerBound])
      }
      #expect(Set(columns).count == 1, "\(columns) at width \(width)")
      #expect(frame.lines.allSatisfy { TerminalText.width($0) <= width })
    }
  }

  @Test func aPasteCutAcrossReadsIsSavedWhole() async throws {
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "tea.timer")
    let child = try ScreenChild(["open", path])
    #expect(await child.waitFor("Tea"))
    child.type("n")
    child.type([0x7F, 0x7F, 0x7F])
    let bytes = Array(String(repeating: "あ", count: 22).utf8)
    for start in stride(from: 0, to: bytes.count, by: 5) {
      child.type(Array(bytes[start..<min(bytes.count, start + 5)]))
      try await Task.sleep(for: .milliseconds(2))
    }
    child.type("\r")
    child.type("q")
    #expect(await child.waitForExit() != nil)
    #expect(try DocumentFile.read(path).timer.name == String(repeating: "あ", count: 22))
  }
}
