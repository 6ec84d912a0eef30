import Foundation
import Testing

@testable import ManyTimersCLI

/// A terminal's string sequences, mouse reports and single shifts are no keys (issue 35, point
/// 1): no byte inside one ever acts as a key, however the reads cut it.
@Suite struct KeyDecoderTests {
  /// Sequences a terminal sends, each holding the keys `q`, `d` and `s` that must not act.
  static let sequences: [(name: String, bytes: [UInt8])] = [
    ("DCS ending in ST", Array("\u{1B}P1$r0;1qds\u{1B}\\".utf8)),
    ("OSC ending in BEL", Array("\u{1B}]8;;https://q.example/ds\u{07}".utf8)),
    ("OSC ending in ST", Array("\u{1B}]0;quit delete start\u{1B}\\".utf8)),
    ("APC", Array("\u{1B}_Gqds;payload\u{1B}\\".utf8)),
    ("SOS", Array("\u{1B}Xqds\u{1B}\\".utf8)),
    ("PM", Array("\u{1B}^qds\u{1B}\\".utf8)),
    ("OSC holding UTF-8", Array("\u{1B}]2;qあ🍵d\u{07}".utf8)),
    (
      "X10 mouse report",
      [0x1B, 0x5B, 0x4D, UInt8(ascii: "q"), UInt8(ascii: "d"), UInt8(ascii: "s")]
    ),
    ("X10 mouse report far right", [0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0x80]),
    ("SS2", Array("\u{1B}Nq".utf8)),
    ("SS3", Array("\u{1B}Od".utf8)),
    ("DCS, 8-bit", Array("\u{90}qds\u{9C}".utf8)),
    ("OSC, 8-bit, ending in BEL", Array("\u{9D}0;qds\u{07}".utf8)),
    ("APC, 8-bit, ending in ESC \\", Array("\u{9F}qds\u{1B}\\".utf8)),
    ("X10 mouse report, 8-bit CSI", Array("\u{9B}Mqds".utf8)),
    ("SS3, 8-bit", Array("\u{8F}q".utf8)),
    ("CSI with parameters", Array("\u{1B}[<0;12;5M".utf8)),
  ]

  static let before = Array("a".utf8)
  static let after = Array("b".utf8)

  @Test(arguments: sequences.indices)
  func aSequenceIsIgnoredWholeWhereverTheReadsCutIt(index: Int) {
    let (name, sequence) = Self.sequences[index]
    let bytes = Self.before + sequence + Self.after
    let expected: [Key] = [.character("a"), .character("b")]
    #expect(Key.decode(bytes) == expected, "\(name) in one read")
    for split in 1..<bytes.count {
      var decoder = KeyDecoder()
      let keys =
        decoder.decode(Array(bytes[..<split])) + decoder.decode(Array(bytes[split...]))
        + decoder.finish()
      #expect(keys == expected, "\(name) cut after byte \(split)")
    }
    for first in 1..<bytes.count {
      for second in (first + 1)..<max(first + 1, bytes.count) {
        var decoder = KeyDecoder()
        let keys =
          decoder.decode(Array(bytes[..<first])) + decoder.decode(Array(bytes[first..<second]))
          + decoder.decode(Array(bytes[second...])) + decoder.finish()
        #expect(keys == expected, "\(name) cut after bytes \(first) and \(second)")
      }
    }
    var decoder = KeyDecoder()
    let keys = bytes.flatMap { decoder.decode([$0]) } + decoder.finish()
    #expect(keys == expected, "\(name) a byte at a time")
  }

  @Test func sequencesBackToBackLeaveOnlyTheKeysBetweenThem() {
    let bytes = Self.sequences.flatMap { $0.bytes + Array("x".utf8) }
    #expect(Key.decode(bytes) == Array(repeating: .character("x"), count: Self.sequences.count))
  }

  @Test func aStringOfAnyLengthIsSkippedWithoutKeepingIt() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("a\u{1B}]52;c;".utf8)) == [.character("a")])
    let read = [UInt8](repeating: UInt8(ascii: "q"), count: 65_536)
    for _ in 0..<64 {  // 4 MiB, read as the screen reads: 64 KiB at a time.
      #expect(decoder.decode(read) == [])
      #expect(decoder.heldByteCount == 0)
    }
    #expect(decoder.decode(Array("\u{07}j".utf8)) == [.character("j")])
  }

  @Test func cancelAndSubstituteEndAString() {
    #expect(Key.decode(Array("\u{1B}]0;q\u{18}j".utf8)) == [.character("j")])
    #expect(Key.decode(Array("\u{1B}Pq\u{1A}k".utf8)) == [.character("k")])
  }

  @Test func anEscapeInsideAStringEndsItAndBeginsASequence() {
    #expect(Key.decode(Array("\u{1B}]0;q\u{1B}[Aj".utf8)) == [.up, .character("j")])
    #expect(Key.decode(Array("\u{1B}Pqq\u{1B}q".utf8)) == [.alt("q")])
  }

  @Test func aLoneEscapeIsTheEscapeKeyOnceTheInputPauses() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.isHoldingEscape)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode(Array("j".utf8)) == [.character("j")])
    // A string that never ends (Alt-Shift-P begins one): Escape gets out of it.
    #expect(decoder.decode(Array("\u{1B}Pqq".utf8)) == [])
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
    // Other cut sequences keep waiting.
    #expect(decoder.decode(Array("\u{1B}[1;".utf8)) == [])
    #expect(decoder.flush() == [])
    #expect(decoder.decode(Array("5A".utf8)) == [.up])
  }

  @Test func altLettersAndArrowsAreWhatTheyWere() {
    #expect(
      Key.decode(Array("\u{1B}q\u{1B}x\u{1B}[A\u{1B}OB\u{1B}[1;5B".utf8)) == [
        .alt("q"), .alt("x"), .up, .down, .down,
      ])
    #expect(Key.decode(Array("\u{85}".utf8)) == [.character("\u{85}")])
  }
}

/// The same on the screen, through a pseudo-terminal.
@Suite(.serialized) struct ScreenSequenceTests {
  @Test func stringsAndMouseReportsOnTheScreenActAsNoKey() async throws {
    let child = try ScreenChild(["shoebox", "--timers", "3"])
    #expect(await child.waitFor("Timer 3"))
    for (_, bytes) in KeyDecoderTests.sequences { child.type(bytes) }
    child.type("j")
    #expect(await child.waitFor("▸  2"), "the screen did not take the key after the sequences")
    #expect(child.process.isRunning, "a q inside a sequence quit")
    #expect(!child.text.contains("Delete timer"), "a d inside a sequence asked to delete")
    #expect(!child.text.contains("counting"), "an s inside a sequence started a timer")
    child.type("q")
    #expect(await child.waitForExit() != nil)
    #expect(child.process.terminationStatus == 0)
    #expect(child.isRestored)
  }

  @Test func theEscapeKeyAloneStillClosesAPrompt() async throws {
    let child = try ScreenChild(["shoebox", "--timers", "3"])
    #expect(await child.waitFor("Timer 3"))
    child.type("n")
    #expect(await child.waitFor("Rename timer 1"))
    // Let the prompt settle: nothing else changes on a shoebox of ready timers.
    await child.waitFor(timeout: .milliseconds(300)) { _ in false }
    let drawn = child.output.count
    child.type([0x1B])
    #expect(
      await child.waitFor { $0.output.count > drawn }, "Escape alone did not close the prompt")
    child.type("j")
    #expect(await child.waitFor("▸  2"), "the prompt took the key after Escape")
    child.type("q")
    #expect(await child.waitForExit() != nil)
    #expect(child.isRestored)
  }
}
