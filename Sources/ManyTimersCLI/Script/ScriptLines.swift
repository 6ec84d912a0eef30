import Foundation

/// Standard input as a C stream, for `getline`; `stdin` itself is a global variable that strict
/// concurrency cannot vouch for. Only the script runner, on the main actor, reads it.
private nonisolated(unsafe) let standardInput = fdopen(0, "r")

/// The lines of a script, as bytes: a script file and standard input are read the same way, so
/// the same bytes give the same lines and the same errors. A line ends at LF; a CR before it is
/// dropped (CRLF line ends).
struct ScriptLines {
  private let data: Data
  private var start: Data.Index

  init(_ data: Data) {
    self.data = data
    self.start = data.startIndex
  }

  /// The next line, `nil` after the last. A final line end does not start another line.
  mutating func next() -> [UInt8]? {
    guard start < data.endIndex else { return nil }
    let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
    let line = Self.withoutCarriageReturn(Array(data[start..<end]))
    start = end < data.endIndex ? end + 1 : end
    return line
  }

  /// Reads the next line of standard input (`getline`, so a line may be of any length).
  static func readStandardInput() -> [UInt8]? {
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    guard let standardInput else { return nil }
    let count = getline(&buffer, &capacity, standardInput)
    guard count > 0, let buffer else { return nil }
    var line = buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
      Array(UnsafeBufferPointer(start: $0, count: count))
    }
    if line.last == 0x0A { line.removeLast() }
    return withoutCarriageReturn(line)
  }

  /// A line's text, or why it is not text.
  static func text(_ bytes: [UInt8]) -> Result<String, ScriptError> {
    if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
    // Where the first bad byte is, to help find it.
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
      offset += scalar.count
    }
    let byte = String(bytes[offset], radix: 16, uppercase: true)
    return .failure(
      .message(
        "the line is not UTF-8 text (byte 0x\(byte.count == 1 ? "0" : "")\(byte) at column "
          + "\(offset + 1)); save the script as UTF-8"))
  }

  private static func withoutCarriageReturn(_ line: [UInt8]) -> [UInt8] {
    line.last == 0x0D ? Array(line.dropLast()) : line
  }
}
