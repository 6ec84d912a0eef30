#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A state as a tree of JSON values, to compare and patch field by field. Numbers keep their
/// text, so nothing is lost between encoding and decoding.
indirect enum StateTree: Equatable {
  case object([String: StateTree], order: [String])
  case array([StateTree])
  case string(String)
  case number(String)
  case bool(Bool)
  case null

  /// The tree of a value, through its `Encodable` conformance.
  static func of<Value: Encodable>(_ value: Value) throws -> StateTree {
    let data = try JSONEncoder().encode(value)
    var parser = Parser(bytes: Array(data))
    return try parser.parse()
  }

  /// The value the tree describes, through its `Decodable` conformance.
  func decode<Value: Decodable>(as _: Value.Type) throws -> Value {
    var text = ""
    write(to: &text)
    return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
  }

  static func == (lhs: StateTree, rhs: StateTree) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a, _), .object(let b, _)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.bool(let a), .bool(let b)): a == b
    case (.null, .null): true
    default: false
    }
  }

  /// The `id` member of an object, which identifies elements of an identified array.
  var id: StateTree? {
    guard case .object(let members, _) = self else { return nil }
    return members["id"]
  }

  private func write(to text: inout String) {
    switch self {
    case .object(let members, let order):
      text += "{"
      var first = true
      for key in order {
        guard let member = members[key] else { continue }
        if !first { text += "," }
        first = false
        StateTree.string(key).write(to: &text)
        text += ":"
        member.write(to: &text)
      }
      text += "}"
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.write(to: &text)
      }
      text += "]"
    case .string(let string):
      text += "\""
      for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case _ where scalar.value < 0x20:
          text +=
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16)
        default: text.unicodeScalars.append(scalar)
        }
      }
      text += "\""
    case .number(let number): text += number
    case .bool(let bool): text += bool ? "true" : "false"
    case .null: text += "null"
    }
  }
}

/// Reads the JSON that `JSONEncoder` writes.
private struct Parser {
  struct Malformed: Error {}

  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func parse() throws -> StateTree {
    skipSpace()
    guard index < bytes.count else { throw Malformed() }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return .number(try number())
    }
  }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  private mutating func expect(_ byte: Character) throws {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte.asciiValue else { throw Malformed() }
    index += 1
  }

  private mutating func object() throws -> StateTree {
    try expect("{")
    var members: [String: StateTree] = [:]
    var order: [String] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members, order: order)
    }
    while true {
      skipSpace()
      let key = try string()
      try expect(":")
      if members.updateValue(try parse(), forKey: key) == nil { order.append(key) }
      skipSpace()
      guard index < bytes.count else { throw Malformed() }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect("}")
      return .object(members, order: order)
    }
  }

  private mutating func array() throws -> StateTree {
    try expect("[")
    var elements: [StateTree] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try parse())
      skipSpace()
      guard index < bytes.count else { throw Malformed() }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect("]")
      return .array(elements)
    }
  }

  private mutating func string() throws -> String {
    try expect("\"")
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
      raw.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        guard index < bytes.count else { throw Malformed() }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "u"):
          var value = try hex4()
          if (0xD800..<0xDC00).contains(value), index + 1 < bytes.count,
            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try hex4()
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(value) else { throw Malformed() }
          scalars.append(scalar)
        default: scalars.append(Unicode.Scalar(escape))
        }
      default:
        raw.append(byte)
      }
    }
    throw Malformed()
  }

  private mutating func hex4() throws -> UInt32 {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw Malformed() }
    index += 4
    return value
  }

  private mutating func number() throws -> String {
    let start = index
    while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
    guard index > start else { throw Malformed() }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func literal(_ word: String, _ value: StateTree) throws -> StateTree {
    let end = index + word.utf8.count
    guard end <= bytes.count, Array(bytes[index..<end]) == Array(word.utf8) else {
      throw Malformed()
    }
    index = end
    return value
  }
}
