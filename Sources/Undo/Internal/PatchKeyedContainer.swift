/// A keyed container of ``PatchDecoder``: the current members, with the step's edits of
/// members (a property set, an optional cleared, an enum's case) already resolved.
struct PatchKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let codingPath: [any CodingKey]
  private let keys: [String]
  private let members: [String: StateNode]
  /// Changes further in, by member.
  private let tries: [String: PatchTrie]
  private let patch: StatePatch

  init(
    keys: [String], members: [StateNode], trie: PatchTrie?, patch: StatePatch,
    codingPath: [any CodingKey]
  ) throws {
    var keys = keys
    var table = Dictionary(zip(keys, members), uniquingKeysWith: { _, last in last })
    var tries: [String: PatchTrie] = [:]
    for component in trie?.components ?? [] {
      guard case .key(let key) = component, let child = trie?.children[component] else {
        continue
      }
      if let edit = child.edit, case .replace = edit {
        let resolved = try patch.resolve(table[key], edit)
        if resolved != nil, table[key] == nil { keys.append(key) }
        table[key] = resolved
      } else {
        tries[key] = child
      }
    }
    self.keys = keys
    self.members = table
    self.tries = tries
    self.patch = patch
    self.codingPath = codingPath
  }

  var allKeys: [Key] {
    keys.compactMap { members[$0] == nil ? nil : Key(stringValue: $0) }
  }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  private func member(_ key: any CodingKey) throws -> StateNode {
    guard let node = members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Undo found no '\(key.stringValue)' in the state it patched."))
    }
    return node
  }

  private func decoder(_ key: any CodingKey) throws -> PatchDecoder {
    PatchDecoder(
      node: try member(key), trie: tries[key.stringValue], patch: patch,
      codingPath: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try PatchDecoder.isNil(member(key)) }

  func decode(_: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder(key).primitive(member(key), ScalarAs.bool)
  }
  func decode(_: String.Type, forKey key: Key) throws -> String {
    try decoder(key).primitive(member(key), ScalarAs.string)
  }
  func decode(_: Double.Type, forKey key: Key) throws -> Double { try float(key) }
  func decode(_: Float.Type, forKey key: Key) throws -> Float { try float(key) }
  func decode(_: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
  func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
  func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
  func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
  func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
  func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
  func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
  func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
  func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
  func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

  private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
    try decoder(key).primitive(member(key)) { $0.integer(T.self) }
  }

  private func float<T: BinaryFloatingPoint>(_ key: Key) throws -> T {
    try decoder(key).primitive(member(key)) { $0.floatingPoint(T.self) }
  }

  func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
    try patch.decode(
      T.self, from: member(key), trie: tries[key.stringValue], codingPath: codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { try decoder(SuperKey()) }

  func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }
}
