/// A key the screen understands, decoded from the bytes a terminal sends.
enum Key: Equatable {
  case up
  case down
  case enter
  case escape
  case backspace
  case character(Character)
  /// A letter typed with Alt (or Meta): the terminal sends ESC and the letter. The screen binds
  /// none, and must not read it as the plain letter (Alt-q is not q).
  case alt(Character)
  case controlC
  case controlR

  /// Decodes one read's worth of bytes into keys, as if nothing came before or after it.
  static func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.finish()
  }
}

/// Turns the bytes of successive keyboard reads into keys. A character or an escape sequence
/// may straddle two reads (a paste arrives in pieces of whatever size the terminal chose): its
/// first bytes wait for the rest.
///
/// Besides keys, a terminal sends sequences that are no key: replies to queries, focus and
/// mouse reports, and pasted text can hold them too (a hyperlink is an OSC string). They are
/// ignored whole, and no byte inside one ever acts as a key:
///
/// - **Strings**: DCS (`ESC P`), SOS (`ESC X`), OSC (`ESC ]`), PM (`ESC ^`) and APC (`ESC _`)
///   run to their terminator, ST (`ESC \`) or BEL, however long they are and however the reads
///   cut them. Their bytes are skipped as they come, never kept, so memory stays bounded. As
///   in a terminal's own parser, CAN and SUB cancel a string, and an ESC that does not begin ST
///   ends it and begins a sequence of its own (so the Escape key gets out of a string that never
///   ends).
/// - **Fixed lengths**: an X10 mouse report (`ESC [ M` and three bytes of any value), SS2 and
///   SS3 (`ESC N` or `ESC O` and one byte; `ESC O A` and `ESC O B` are arrows).
/// - **CSI** (`ESC [`, parameters, a final byte): arrows are keys, the rest is ignored.
///
/// The 8-bit forms of these introducers, as UTF-8 (U+008E, U+008F, U+0090, U+0098, U+009B,
/// U+009D–U+009F, and U+009C for ST), count the same as their `ESC` forms.
struct KeyDecoder {
  /// The start of a character or sequence that the read cut: at most `longestSequence` bytes.
  private var pending: [UInt8] = []
  /// Inside a string sequence: its bytes are skipped until its terminator.
  private var inString = false
  /// An escape sequence longer than this is no key: it is dropped.
  private static let longestSequence = 32

  /// Whether a lone ESC waits for the next read to say what it begins. A terminal sends a
  /// sequence in one write, but a read can still cut it after its ESC; when no byte follows
  /// for a moment, the ESC was the Escape key (``flush()``).
  var isHoldingEscape: Bool { pending == [0x1B] }

  /// The bytes kept for the next read: never more than the longest sequence that is a key.
  var heldByteCount: Int { pending.count }

  /// The keys these bytes complete, keeping an incomplete character or sequence at their end
  /// for the next read.
  mutating func decode(_ bytes: [UInt8]) -> [Key] {
    let input = pending + bytes
    pending = []
    var keys: [Key] = []
    var text: [UInt8] = []
    func flushText() {
      guard !text.isEmpty else { return }
      keys += String(decoding: text, as: UTF8.self).map { .character($0) }
      text.removeAll()
    }
    var index = 0
    while index < input.count {
      if inString {
        guard let end = skipString(input, from: index) else { return keys }
        index = end
        continue
      }
      let byte = input[index]
      let isC1 = byte == 0xC2 && index + 1 < input.count && (0x80...0x9F).contains(input[index + 1])
      if byte == 0x1B || isC1 {
        guard let sequence = escape(input, at: index) else {
          // A C1 control that begins no sequence is a character, as any other.
          text += input[index..<(index + 2)]
          index += 2
          continue
        }
        flushText()
        switch sequence {
        case .incomplete:
          pending = Array(input[index...])
          return keys
        case .string(let length):
          inString = true
          index += length
        case .key(let key, let length):
          if let key { keys.append(key) }
          index += length
        }
        continue
      }
      switch byte {
      case 0x03:
        flushText()
        keys.append(.controlC)
      case 0x12:
        flushText()
        keys.append(.controlR)
      case 0x0D, 0x0A:
        flushText()
        keys.append(.enter)
      case 0x7F, 0x08:
        flushText()
        keys.append(.backspace)
      case 0x00..<0x20: flushText()
      case 0x20..<0x80: text.append(byte)
      default:
        switch Self.scalarLength(input, at: index) {
        case nil:
          index += 1  // Not UTF-8: dropped rather than shown as U+FFFD.
        case .some(let length) where index + length > input.count:
          flushText()
          pending = Array(input[index...])
          return keys
        case .some(let length):
          text += input[index..<(index + length)]
          index += length
        }
        continue
      }
      index += 1
    }
    flushText()
    return keys
  }

  /// The input paused: a lone ESC that waited for more was the Escape key (and ends a string
  /// it was in). Anything else cut keeps waiting.
  mutating func flush() -> [Key] {
    guard isHoldingEscape else { return [] }
    pending = []
    inString = false
    return [.escape]
  }

  /// What is still waiting when the input ends: a lone ESC is the Escape key; a cut character
  /// or sequence is dropped.
  mutating func finish() -> [Key] {
    defer {
      pending = []
      inString = false
    }
    return isHoldingEscape ? [.escape] : []
  }

  /// Skips string bytes from `start`, and returns where the string ends (after its terminator,
  /// or at an ESC that begins something else), or `nil` when the bytes ran out first.
  private mutating func skipString(_ input: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < input.count {
      switch input[index] {
      case 0x07, 0x18, 0x1A:  // BEL ends a string; CAN and SUB cancel it.
        inString = false
        return index + 1
      case 0x1B, 0xC2:
        guard index + 1 < input.count else {
          pending = [input[index]]
          return nil
        }
        let isST = input[index] == 0x1B ? input[index + 1] == 0x5C : input[index + 1] == 0x9C
        if isST {
          inString = false
          return index + 2
        }
        if input[index] == 0x1B {
          inString = false
          return index
        }
      default: break
      }
      index += 1
    }
    return nil
  }

  private enum Sequence {
    case incomplete
    /// A string sequence begins; its introducer takes `length` bytes.
    case string(length: Int)
    /// The key (or none, for a sequence the screen does not use) and the bytes it took.
    case key(Key?, length: Int)
  }

  /// Decodes the sequence at `start`, which holds ESC, or a C1 control as UTF-8 (`0xC2` and a
  /// byte from 0x80 to 0x9F); `nil` for a C1 control that begins no sequence. Either way its
  /// kind is in the 7-bit form (`[`, `O`, `P`, …) and its body begins two bytes on.
  private func escape(_ input: [UInt8], at start: Int) -> Sequence? {
    let isC1 = input[start] == 0xC2
    let next = start + 1
    guard next < input.count else { return .incomplete }
    let kind = isC1 ? input[next] - 0x40 : input[next]
    let body = next + 1
    switch kind {
    case UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "]"), UInt8(ascii: "^"),
      UInt8(ascii: "_"):
      return .string(length: 2)
    case UInt8(ascii: "["):
      // CSI: parameters and intermediates (0x20–0x3F), then a final byte (0x40–0x7E).
      var index = body
      while index < input.count, (0x20...0x3F).contains(input[index]) { index += 1 }
      guard index < input.count else {
        return index - start < Self.longestSequence ? .incomplete : .key(nil, length: index - start)
      }
      let length = index + 1 - start
      switch input[index] {
      case UInt8(ascii: "A"): return .key(.up, length: length)
      case UInt8(ascii: "B"): return .key(.down, length: length)
      case UInt8(ascii: "M") where index == body:
        // An X10 mouse report: button, column and row, a byte each, of any value.
        return index + 3 < input.count ? .key(nil, length: length + 3) : .incomplete
      case 0x40...0x7E: return .key(nil, length: length)
      default: return .key(nil, length: length - 1)  // Malformed: drop what came before.
      }
    case UInt8(ascii: "N"), UInt8(ascii: "O"):
      // SS2 and SS3 shift one character; arrows come as SS3 in the terminal's application mode.
      guard body < input.count else { return .incomplete }
      switch (kind, input[body]) {
      case (UInt8(ascii: "O"), UInt8(ascii: "A")): return .key(.up, length: 3)
      case (UInt8(ascii: "O"), UInt8(ascii: "B")): return .key(.down, length: 3)
      default: return .key(nil, length: 3)
      }
    case _ where isC1:
      return nil
    case 0x1B, 0x00..<0x20, 0x7F:
      return .key(.escape, length: 1)
    case 0x20..<0x80:
      return .key(.alt(Character(Unicode.Scalar(kind))), length: 2)
    default:
      // Alt with a non-ASCII character.
      guard let length = Self.scalarLength(input, at: next) else {
        return .key(.escape, length: 1)
      }
      guard next + length <= input.count else { return .incomplete }
      let character = String(decoding: input[next..<(next + length)], as: UTF8.self)
      return .key(character.first.map(Key.alt), length: 1 + length)
    }
  }

  /// The length of the UTF-8 sequence that starts at `index`, or `nil` when it is not a valid
  /// start, or is followed by bytes that cannot continue it.
  private static func scalarLength(_ input: [UInt8], at index: Int) -> Int? {
    let lead = input[index]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return nil
    }
    let available = min(input.count, index + length)
    for position in (index + 1)..<max(index + 1, available)
    where !(0x80...0xBF).contains(input[position]) {
      return nil
    }
    // Overlong forms and surrogates are not UTF-8 either.
    if available > index + 1 {
      let second = input[index + 1]
      switch lead {
      case 0xE0 where second < 0xA0, 0xED where second > 0x9F, 0xF0 where second < 0x90,
        0xF4 where second > 0x8F:
        return nil
      default: break
      }
    }
    return length
  }
}
