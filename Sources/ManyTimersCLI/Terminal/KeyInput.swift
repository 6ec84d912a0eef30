/// A key the screen understands, decoded from the bytes a terminal sends.
enum Key: Equatable {
  case up
  case down
  case enter
  case escape
  case backspace
  case character(Character)
  case controlC
  case controlR

  /// Decodes one read's worth of bytes into keys.
  static func decode(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      keys += String(decoding: text, as: UTF8.self).map { .character($0) }
      text.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        flushText()
        if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
          switch bytes[index + 2] {
          case UInt8(ascii: "A"): keys.append(.up)
          case UInt8(ascii: "B"): keys.append(.down)
          default: break
          }
          index += 3
          continue
        }
        keys.append(.escape)
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
      case 0x00..<0x20:
        flushText()
      default:
        text.append(byte)
      }
      index += 1
    }
    flushText()
    return keys
  }
}
