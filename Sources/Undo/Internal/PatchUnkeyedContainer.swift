/// An unkeyed container of ``PatchDecoder``: the current elements, with the step's edits of
/// elements resolved. Edits are by position, so they apply only while the array has the length
/// the step left it with; otherwise the later change of its length wins.
struct PatchUnkeyedContainer: UnkeyedDecodingContainer {
  let codingPath: [any CodingKey]
  private var elements: [StateNode]
  /// Changes further in, by position.
  private var tries: [Int: PatchTrie] = [:]
  private let patch: StatePatch
  private(set) var currentIndex = 0

  init(
    elements: [StateNode], trie: PatchTrie?, patch: StatePatch, codingPath: [any CodingKey]
  ) throws {
    self.elements = elements
    self.patch = patch
    self.codingPath = codingPath
    for component in trie?.components ?? [] {
      guard case .index(let position, let count) = component, count == elements.count,
        let child = trie?.children[component]
      else { continue }
      if let edit = child.edit, case .replace = edit {
        if let resolved = try patch.resolve(self.elements[position], edit) {
          self.elements[position] = resolved
        }
      } else {
        tries[position] = child
      }
    }
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next() throws -> (StateNode, PatchDecoder) {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self,
        DecodingError.Context(
          codingPath: codingPath + [PositionKey(currentIndex)],
          debugDescription: "Undo found fewer elements here than the state's decoding reads."))
    }
    let node = elements[currentIndex]
    let decoder = PatchDecoder(
      node: node, trie: tries[currentIndex], patch: patch,
      codingPath: codingPath + [PositionKey(currentIndex)])
    currentIndex += 1
    return (node, decoder)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, try PatchDecoder.isNil(elements[currentIndex]) else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_: Bool.Type) throws -> Bool {
    let (node, decoder) = try next()
    return try decoder.primitive(node, ScalarAs.bool)
  }
  mutating func decode(_: String.Type) throws -> String {
    let (node, decoder) = try next()
    return try decoder.primitive(node, ScalarAs.string)
  }
  mutating func decode(_: Double.Type) throws -> Double { try float() }
  mutating func decode(_: Float.Type) throws -> Float { try float() }
  mutating func decode(_: Int.Type) throws -> Int { try integer() }
  mutating func decode(_: Int8.Type) throws -> Int8 { try integer() }
  mutating func decode(_: Int16.Type) throws -> Int16 { try integer() }
  mutating func decode(_: Int32.Type) throws -> Int32 { try integer() }
  mutating func decode(_: Int64.Type) throws -> Int64 { try integer() }
  mutating func decode(_: UInt.Type) throws -> UInt { try integer() }
  mutating func decode(_: UInt8.Type) throws -> UInt8 { try integer() }
  mutating func decode(_: UInt16.Type) throws -> UInt16 { try integer() }
  mutating func decode(_: UInt32.Type) throws -> UInt32 { try integer() }
  mutating func decode(_: UInt64.Type) throws -> UInt64 { try integer() }

  private mutating func integer<T: FixedWidthInteger>() throws -> T {
    let (node, decoder) = try next()
    return try decoder.primitive(node) { $0.integer(T.self) }
  }

  private mutating func float<T: BinaryFloatingPoint>() throws -> T {
    let (node, decoder) = try next()
    return try decoder.primitive(node) { $0.floatingPoint(T.self) }
  }

  mutating func decode<T: Decodable>(_: T.Type) throws -> T {
    let (node, decoder) = try next()
    return try patch.decode(T.self, from: node, trie: decoder.trie, codingPath: decoder.codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next().1.container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().1.unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next().1 }
}

/// The single-value container of ``PatchDecoder``. A value decoded from it is the node itself,
/// with the same changes: a wrapper and what it wraps are one place in the state.
struct PatchSingleValueContainer: SingleValueDecodingContainer {
  let decoder: PatchDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { (try? PatchDecoder.isNil(decoder.node)) ?? false }

  func decode(_: Bool.Type) throws -> Bool { try decoder.primitive(decoder.node, ScalarAs.bool) }
  func decode(_: String.Type) throws -> String {
    try decoder.primitive(decoder.node, ScalarAs.string)
  }
  func decode(_: Double.Type) throws -> Double { try float() }
  func decode(_: Float.Type) throws -> Float { try float() }
  func decode(_: Int.Type) throws -> Int { try integer() }
  func decode(_: Int8.Type) throws -> Int8 { try integer() }
  func decode(_: Int16.Type) throws -> Int16 { try integer() }
  func decode(_: Int32.Type) throws -> Int32 { try integer() }
  func decode(_: Int64.Type) throws -> Int64 { try integer() }
  func decode(_: UInt.Type) throws -> UInt { try integer() }
  func decode(_: UInt8.Type) throws -> UInt8 { try integer() }
  func decode(_: UInt16.Type) throws -> UInt16 { try integer() }
  func decode(_: UInt32.Type) throws -> UInt32 { try integer() }
  func decode(_: UInt64.Type) throws -> UInt64 { try integer() }

  private func integer<T: FixedWidthInteger>() throws -> T {
    try decoder.primitive(decoder.node) { $0.integer(T.self) }
  }

  private func float<T: BinaryFloatingPoint>() throws -> T {
    try decoder.primitive(decoder.node) { $0.floatingPoint(T.self) }
  }

  func decode<T: Decodable>(_: T.Type) throws -> T {
    try decoder.patch.decode(
      T.self, from: decoder.node, trie: decoder.trie, codingPath: decoder.codingPath)
  }
}
