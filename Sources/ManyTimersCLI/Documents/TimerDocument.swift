import Foundation

/// A `.timer` file: one timer and the id that namespaces it.
///
/// ```json
/// {"format":1,"id":"<UUID>","name":"Tea","duration":180,"remaining":180,"status":"ready"}
/// ```
struct TimerDocument: Equatable, Sendable {
  /// The format this version writes and the newest it reads.
  static let format = 1
  /// The largest document accepted; a timer takes a few dozen bytes.
  static let maximumSize = 1 << 20
  /// The longest name accepted, in characters.
  static let maximumNameLength = 1_000
  /// The most bytes a name takes in the file (UTF-8, as JSON writes it). A character may hold
  /// any number of combining marks, so characters alone do not bound a document: 1,000 of
  /// `e` and 600 accents each would be a 1.2 MB file that `open` refuses. Within both bounds,
  /// a document is always far below ``maximumSize``: what is saved always opens again.
  static let maximumNameBytes = 32 * 1024

  /// Why `name` cannot be a timer's name, or `nil` when it can.
  static func problem(withName name: String) -> String? {
    let bytes = JSONText.string(name).utf8.count - 2
    if bytes > maximumNameBytes {
      return "a timer name takes at most \(maximumNameBytes) bytes, not \(bytes)"
    }
    let count = name.count
    if count > maximumNameLength {
      return "a timer name has at most \(maximumNameLength) characters, not \(count)"
    }
    return nil
  }

  /// The bytes `character` adds to a name in the file.
  static func savedBytes(of character: Character) -> Int {
    JSONText.string(String(character)).utf8.count - 2
  }

  var id: UUID
  var timer: LonelyTimer.State

  /// The document's bytes: one line of JSON, fields in a fixed order.
  func encoded() -> Data {
    let fields = [
      "\"format\":\(Self.format)",
      "\"id\":\(JSONText.string(id.uuidString))",
      "\"name\":\(JSONText.string(timer.name))",
      "\"duration\":\(timer.duration)",
      "\"remaining\":\(timer.remaining)",
      "\"status\":\(JSONText.string(timer.status.rawValue))",
    ]
    return Data(("{" + fields.joined(separator: ",") + "}\n").utf8)
  }

  /// Reads a document, checking every field.
  ///
  /// - Throws: `DocumentError.invalid` with what is wrong, or `.newerFormat`.
  static func decode(_ data: Data) throws(DocumentError) -> TimerDocument {
    guard data.count <= maximumSize else { throw .invalid(tooLarge(data.count)) }
    guard String(data: data, encoding: .utf8) != nil else {
      throw .invalid("not UTF-8 text")
    }
    let object: [String: JSONValue]
    do {
      guard case .object(let parsed) = try JSONDecoder().decode(JSONValue.self, from: data) else {
        throw DocumentError.invalid("not a JSON object")
      }
      object = parsed
    } catch let error as DocumentError {
      throw error
    } catch {
      throw .invalid("not valid JSON")
    }
    let format = try integer(object, "format")
    guard format <= Self.format else { throw .newerFormat(format) }
    guard format >= 1 else { throw .invalid("unknown format \(format)") }
    guard case .string(let idText) = object["id"] else { throw .invalid(missingOrWrong("id")) }
    guard let id = canonicalUUID(idText) else { throw .invalid("'id' is not a UUID") }
    guard case .string(let name) = object["name"] else { throw .invalid(missingOrWrong("name")) }
    guard name.count <= maximumNameLength else {
      throw .invalid("'name' is longer than \(maximumNameLength) characters")
    }
    guard problem(withName: name) == nil else {
      throw .invalid("'name' takes more than \(maximumNameBytes) bytes")
    }
    let duration = try integer(object, "duration")
    guard (0...TimerDuration.maximum).contains(duration) else {
      throw .invalid("'duration' must be 0 to \(TimerDuration.maximum) seconds, not \(duration)")
    }
    let remaining = try integer(object, "remaining")
    guard (0...duration).contains(remaining) else {
      throw .invalid("'remaining' must be 0 to 'duration' (\(duration)), not \(remaining)")
    }
    guard case .string(let statusText) = object["status"],
      let status = LonelyTimer.Status(rawValue: statusText)
    else {
      throw .invalid("'status' must be \"ready\", \"counting\" or \"finished\"")
    }
    // Every other combination in range is one the timer reaches (a 0-second timer is ready or
    // counting with 0 left; a timer stopped at 0 s is ready); a finished one never keeps time.
    guard status != .finished || remaining == 0 else {
      throw .invalid("'remaining' must be 0 when 'status' is \"finished\", not \(remaining)")
    }
    return TimerDocument(
      id: id,
      timer: LonelyTimer.State(
        name: name, duration: duration, remaining: remaining, status: status))
  }

  /// The UUID `text` spells in the canonical form only: 36 characters, hexadecimal digits in
  /// groups of 8, 4, 4, 4 and 12 between hyphens, in either case. The platform's parser stops
  /// at a NUL or skips what it does not expect on some systems, and the next save would write
  /// another id: the document would change identity without a word.
  static func canonicalUUID(_ text: String) -> UUID? {
    let bytes = Array(text.utf8)
    let hyphens: Set = [8, 13, 18, 23]
    guard bytes.count == 36 else { return nil }
    for (index, byte) in bytes.enumerated() {
      let isHexDigit =
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte)
        || (0x61...0x66).contains(byte)
      guard hyphens.contains(index) ? byte == UInt8(ascii: "-") : isHexDigit else { return nil }
    }
    return UUID(uuidString: text)
  }

  /// Why a document of `size` bytes is refused.
  static func tooLarge(_ size: Int) -> String {
    "too large (\(size) bytes; a timer document is under 1 MiB)"
  }

  private static func missingOrWrong(_ field: String) -> String {
    "'\(field)' is missing or not a string"
  }

  /// A whole number field; JSON numbers with a fraction, out of range or not numbers at all are
  /// refused.
  private static func integer(_ object: [String: JSONValue], _ field: String)
    throws(DocumentError) -> Int
  {
    guard let value = object[field] else { throw .invalid("'\(field)' is missing") }
    guard case .number(let double) = value else {
      throw .invalid("'\(field)' is not a whole number")
    }
    guard double.isFinite, abs(double) < 1e15 else {
      throw .invalid("'\(field)' is out of range")
    }
    guard double.rounded() == double else { throw .invalid("'\(field)' is not a whole number") }
    return Int(double)
  }
}

/// Any JSON value, with numbers, booleans and strings kept apart.
enum JSONValue: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}

/// What can go wrong with a document, as the `error: FILE: …` line says it.
enum DocumentError: Error, Equatable, CustomStringConvertible {
  case missing
  case unreadable(String)
  case invalid(String)
  case newerFormat(Int)
  case exists
  case cannotSave(String)
  case readOnly
  /// Another program made the file something that is not this document's timer.
  case changedElsewhere(String)
  /// Another program put another document (another id) in its place.
  case replaced
  /// A newer save was asked for while this one was written.
  case interrupted

  var description: String {
    switch self {
    case .missing: "no such file"
    case .unreadable(let reason): "cannot read: \(reason)"
    case .invalid(let reason): "not a timer document: \(reason)"
    case .newerFormat(let format):
      "format \(format) is newer than this many-timers understands (\(TimerDocument.format)); "
        + "update many-timers to open it"
    case .exists: "already exists; 'new' never overwrites a file"
    case .cannotSave(let reason): "cannot save: \(reason)"
    case .readOnly:
      "cannot save: the file is read-only; it was left as it was (make it writable with "
        + "'chmod u+w' to save changes to it)"
    case .changedElsewhere(let reason):
      "not saved: another program changed the file while it was open here, and it is no "
        + "longer a timer document (\(reason)); it was left as it is"
    case .interrupted:
      "not saved: a newer save was asked for"
    case .replaced:
      "not saved: another program put another document in its place while it was open here; "
        + "it was left as it is"
    }
  }
}
