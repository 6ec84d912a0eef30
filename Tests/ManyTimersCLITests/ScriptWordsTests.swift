import Testing

@testable import ManyTimersCLI

/// A script line's words are split by bytes when the line is ASCII (the fast path of a
/// scripted tick) and by characters otherwise: both give the same text and words.
struct ScriptWordsTests {
  @Test func bytesAndCharactersSplitEveryASCIILineAlike() {
    var random = SplitMix64(seed: 35)
    // White space of every kind, the comment sign, control bytes, letters and digits.
    let alphabet: [UInt8] =
      [0x00, 0x01, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1F, 0x20, 0x20, 0x23, 0x7F]
      + Array("advance 1h2m3s:#start stop all".utf8)
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...24, using: &random)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &random)! }
      let line = String(decoding: bytes, as: UTF8.self)
      let fast = ScriptCommand.asciiWords(of: line)
      let slow = ScriptCommand.characterWords(of: line)
      #expect(fast.text == slow.text, "\(bytes)")
      #expect(fast.words == slow.words, "\(bytes)")
    }
  }

  @Test func aLineWithOtherCharactersIsSplitAtTheirWhiteSpace() {
    // A no-break space and an ideographic space separate words; they are not ASCII.
    let split = ScriptCommand.words(of: "rename\u{00A0}2 Grüner\u{3000}Tee # note")
    #expect(split.words == ["rename", "2", "Grüner", "Tee"])
    #expect(split.text == "rename\u{00A0}2 Grüner\u{3000}Tee ")
    #expect(ScriptCommand.words(of: "advance 1 # soon").words == ["advance", "1"])
    #expect(ScriptCommand.words(of: "\r\n").words.isEmpty)
  }
}
