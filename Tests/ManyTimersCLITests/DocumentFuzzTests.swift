import Foundation
import Testing

@testable import ManyTimersCLI

/// Fixed-seed fuzzing of `.timer` documents: random bytes, random JSON, deep nesting, and
/// documents one field away from valid. Every input either loads, keeping the documented
/// limits, or is refused with a `DocumentError` that says why; `many-timers run --open` never
/// modifies a file it refused. Only the tests that run the `App` need the main actor; the
/// others run on the concurrency pool, beside the rest of the suite.
@Suite struct DocumentFuzzTests {
  static let id = "6F1C3E0A-3B5E-4B8A-9E36-2C8A5A1B7D10"
  static let fields: [(name: String, value: String)] = [
    ("format", "1"), ("id", "\"\(id)\""), ("name", "\"Tea\""), ("duration", "180"),
    ("remaining", "120"), ("status", "\"counting\""),
  ]

  static func document(_ fields: [(name: String, value: String)]) -> String {
    "{" + fields.map { "\"\($0.name)\":\($0.value)" }.joined(separator: ",") + "}"
  }

  @Test func randomBytesAreDecodedOrRefused() {
    var random = SplitMix64(seed: 0xD0C_0001)
    let prefixes = ["", "{", #"{"format":1,"#, String(Self.document(Self.fields).dropLast())]
    for _ in 0..<2_000 {
      let bytes =
        Data(random.pick(prefixes).utf8) + random.bytes(Int.random(in: 0...96, using: &random))
      checkDecode(bytes)
    }
  }

  @Test func randomJSONIsDecodedOrRefused() {
    var random = SplitMix64(seed: 0xD0C_0002)
    for _ in 0..<1_000 {
      // Half of the cases have every field, with random values of random types.
      let text =
        random.chance(50)
        ? Self.document(Self.fields.map { ($0.name, Self.json(depth: 2, using: &random)) })
        : Self.json(depth: 4, using: &random)
      checkDecode(Data(text.utf8))
    }
  }

  @Test(arguments: [100, 10_000, 200_000])
  func deeplyNestedJSONIsRefusedOrLoadedWithoutCrashing(depth: Int) {
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let objects =
      String(repeating: #"{"a":"#, count: depth) + "0" + String(repeating: "}", count: depth)
    let inside = Self.document(Self.fields + [("x", arrays)])
    for text in [arrays, objects, inside, String(repeating: "[", count: depth)] {
      checkDecode(Data(text.utf8))
    }
  }

  @Test func savedDocumentsReadBackAsThemselves() throws {
    var random = SplitMix64(seed: 0xD0C_0003)
    for _ in 0..<500 {
      let duration = Int.random(in: 0...TimerDuration.maximum, using: &random)
      let status = random.pick(LonelyTimer.Status.allCases)
      let remaining = status == .finished ? 0 : Int.random(in: 0...duration, using: &random)
      let uuid = random.bytes(16)
      let document = TimerDocument(
        id: UUID(
          uuid: (
            uuid[0], uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6], uuid[7], uuid[8],
            uuid[9], uuid[10], uuid[11], uuid[12], uuid[13], uuid[14], uuid[15]
          )),
        timer: LonelyTimer.State(
          name: random.text(maxLength: 30), duration: duration,
          remaining: remaining, status: status))
      let decoded = try TimerDocument.decode(document.encoded())
      #expect(decoded == document, "\(document.timer.name.debugDescription)")
    }
  }

  /// Decodes `data`: a document within the limits that saves back to itself, or a reason.
  private func checkDecode(_ data: Data) {
    let document: TimerDocument
    do {
      document = try TimerDocument.decode(data)
    } catch {
      #expect(!error.description.isEmpty)
      return
    }
    #expect((0...TimerDuration.maximum).contains(document.timer.duration))
    #expect((0...document.timer.duration).contains(document.timer.remaining))
    #expect(document.timer.status != .finished || document.timer.remaining == 0)
    #expect(document.timer.name.count <= TimerDocument.maximumNameLength)
    #expect((try? TimerDocument.decode(document.encoded())) == document)
  }

  /// A random JSON text: scalars at the edges of what documents accept, strings with escapes,
  /// arrays and objects with document keys.
  static func json(depth: Int, using random: inout SplitMix64) -> String {
    let scalars = Self.values + SplitMix64.edgeNumbers.filter { !$0.isEmpty }
    guard depth > 0, random.chance(30) else {
      return random.chance(70)
        ? random.pick(scalars) : JSONText.string(random.text(maxLength: 20))
    }
    let count = Int.random(in: 0...4, using: &random)
    if random.chance(50) {
      return "["
        + (0..<count).map { _ in json(depth: depth - 1, using: &random) }
        .joined(separator: ",") + "]"
    }
    let keys = Self.fields.map(\.name) + ["x", ""]
    return "{"
      + (0..<count).map { _ in
        "\"\(random.pick(keys))\":" + json(depth: depth - 1, using: &random)
      }.joined(separator: ",") + "}"
  }

  /// JSON values that are nearly right for some field: numbers that are not whole, huge, or
  /// negative; numbers as strings; strings that are nearly a status or a UUID; other types.
  static let values = [
    "\"NaN\"", "NaN", "Infinity", "-Infinity", "-1", "0", "1", "1.5", "180.0", "1e2", "1E2",
    "1e308", "1e400", "-0", "0.0000001", "120", "9223372036854775807", "9223372036854775808",
    "18446744073709551616", "360000", "360001", "999999999999999", "1000000000000000", "true",
    "false", "null", "[]", "[180]", "{}", "\"180\"", "\"\"", "\"ready\"", "\"counting\"",
    "\"finished\"", "\"READY\"", "\"\(id)\"", "\"\(id.lowercased())\"", "\"{\(id)}\"",
    "\"\\u0000\"", "\"\\ud800\"", "\"\\ud83d\\ude00\"", "\"a\\\"b\"", "\"\u{1F44D}\u{1F3FD}\"",
    "\"\(String(repeating: "x", count: TimerDocument.maximumNameLength))\"",
    "\"\(String(repeating: "x", count: TimerDocument.maximumNameLength + 1))\"",
  ]

  /// Documents one change away from valid, by what was changed.
  static func nearlyValid() -> [(what: String, bytes: Data)] {
    let maximumSize = TimerDocument.maximumSize
    let valid = document(fields)
    var variants: [(String, Data)] = []
    func add(_ what: String, _ text: String) { variants.append((what, Data(text.utf8))) }
    for (index, field) in fields.enumerated() {
      for value in values {
        var changed = fields
        changed[index].value = value
        add("\(field.name) = \(value.prefix(40))", document(changed))
      }
      add("no \(field.name)", document(fields.filter { $0.name != field.name }))
      add("\(field.name) twice", document(fields + [(field.name, "0")]))
    }
    for value in values.prefix(8) {
      add("unknown field = \(value)", document(fields + [("x", value)]))
    }
    for length in 0..<valid.utf8.count {
      add("cut at \(length)", String(valid.utf8.prefix(length))!)
    }
    for text in ["", " ", "\n", "null", "[]", "{}", "\"\(valid)\""] {
      add("just \(text.debugDescription)", text)
    }
    add("in an array", "[\(valid)]")
    add("trailing garbage", valid + "x")
    add("two documents", valid + valid)
    add("trailing comma", String(valid.dropLast()) + ",}")
    add("byte order mark", "\u{FEFF}" + valid)
    add("CRLF", valid + "\r\n")
    add("spaces around", "  \(valid)  ")
    add("single quotes", valid.replacingOccurrences(of: "\"", with: "'"))
    let padded = Data(valid.utf8) + Data(repeating: 0x20, count: maximumSize - valid.utf8.count)
    variants.append(("exactly the size limit", padded))
    variants.append(("one byte over the size limit", padded + [0x20]))
    variants.append(("10 MB", Data(valid.utf8) + Data(repeating: 0x20, count: 10_000_000)))
    for bytes: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x00]] {
      var data = Data(valid.utf8)
      let name = data.range(of: Data("Tea".utf8))!
      data.replaceSubrange(name.lowerBound..<name.lowerBound + 1, with: bytes)
      variants.append(("name with bytes \(bytes)", data))
    }
    return variants
  }

  @MainActor
  @Test func nearlyValidDocumentsLoadOrAreRefusedAndRefusedFilesAreLeftAlone() async throws {
    let folder = TemporaryFolder()
    // One file, rewritten in place for each variant: creating hundreds of files is slow.
    let path = folder.file("nearly.timer")
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let file = try #require(FileHandle(forWritingAtPath: path))
    defer { try? file.close() }
    let variants = Self.nearlyValid()
    var loaded = 0
    for variant in variants {
      try file.truncate(atOffset: 0)
      try file.write(contentsOf: variant.bytes)
      let decoded = Result { () throws(DocumentError) in try TimerDocument.decode(variant.bytes) }
      switch decoded {
      case .success(let document):
        loaded += 1
        let console = Console(input: ["dump"])
        #expect(await console.run(["run", "--virtual-clock", "--open", path]) == .success)
        #expect(console.errors.isEmpty, "\(variant.what): \(console.errors)")
        let timer = document.timer
        #expect(
          console.output.first?.contains(
            "\(JSONText.string(timer.name)),\"duration\":\(timer.duration),"
              + "\"remaining\":\(timer.remaining),\"status\":\"\(timer.status.rawValue)\"")
            == true, "\(variant.what): \(console.output)")
      case .failure(let error):
        let console = Console(input: ["rename 1 Coffee", "duration 1 5", "start 1", "save"])
        #expect(
          await console.run(["run", "--virtual-clock", "--open", path]) == .dataError,
          "\(variant.what)")
        #expect(console.errors == ["error: \(path): \(error)"], "\(variant.what)")
        #expect(FileManager.default.contents(atPath: path) == variant.bytes, "\(variant.what)")
      }
    }
    // Both outcomes happen, and nothing but the documents is left in the folder.
    #expect(loaded > 10)
    #expect(loaded < variants.count / 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["nearly.timer"])
  }

  @MainActor
  @Test func aFolderGivenAsADocumentIsRefused() async throws {
    let folder = TemporaryFolder()
    let path = folder.file("folder.timer")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let console = Console(input: ["save"])
    #expect(await console.run(["run", "--virtual-clock", "--open", path]) != .success)
    #expect(console.errors == ["error: \(path): cannot read: not a regular file"])
    var isFolder: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
  }
}
