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
struct KeyDecoder {
  private var pending: [UInt8] = []
  /// An escape sequence longer than this is no key: it is dropped.
  private static let longestSequence = 32

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
      let byte = input[index]
      switch byte {
      case 0x1B:
        flushText()
        switch escape(input, at: index) {
        case .incomplete:
          pending = Array(input[index...])
          return keys
        case .key(let key, let length):
          if let key { keys.append(key) }
          index += length
        }
        continue
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

  /// What is still waiting when the input ends: a lone ESC is the Escape key; a cut character
  /// or sequence is dropped.
  mutating func finish() -> [Key] {
    defer { pending = [] }
    return pending == [0x1B] ? [.escape] : []
  }

  private enum Escape {
    case incomplete
    /// The key (or none, for a sequence the screen does not use) and the bytes it took.
    case key(Key?, length: Int)
  }

  /// Decodes the escape sequence at `start` (which holds ESC).
  private func escape(_ input: [UInt8], at start: Int) -> Escape {
    let next = start + 1
    // A lone ESC at the end of a read is the Escape key: terminals send a sequence in one write.
    guard next < input.count else { return .key(.escape, length: 1) }
    switch input[next] {
    case UInt8(ascii: "["):
      // CSI: parameters and intermediates (0x20–0x3F), then a final byte (0x40–0x7E).
      var index = next + 1
      while index < input.count, (0x20...0x3F).contains(input[index]) { index += 1 }
      guard index < input.count else {
        return index - start < Self.longestSequence ? .incomplete : .key(nil, length: index - start)
      }
      let length = index + 1 - start
      switch input[index] {
      case UInt8(ascii: "A"): return .key(.up, length: length)
      case UInt8(ascii: "B"): return .key(.down, length: length)
      case 0x40...0x7E: return .key(nil, length: length)
      default: return .key(nil, length: length - 1)  // Malformed: drop what came before.
      }
    case UInt8(ascii: "O"):
      // SS3, as arrows come in the terminal's application mode.
      guard next + 1 < input.count else { return .incomplete }
      switch input[next + 1] {
      case UInt8(ascii: "A"): return .key(.up, length: 3)
      case UInt8(ascii: "B"): return .key(.down, length: 3)
      default: return .key(nil, length: 3)
      }
    case 0x1B, 0x00..<0x20, 0x7F:
      return .key(.escape, length: 1)
    case 0x20..<0x80:
      return .key(.alt(Character(Unicode.Scalar(input[next]))), length: 2)
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
