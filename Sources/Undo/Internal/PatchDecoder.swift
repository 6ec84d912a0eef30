/// A `Decoder` that rebuilds a value from its current encoding (a ``StateNode``, one level at a
/// time) with a step's changes applied: members off the changed paths are handed back as the
/// typed values they are; members on them are rebuilt the same way, one level further in.
struct PatchDecoder: Decoder {
  let node: StateNode
  /// The changes at and below this place; `nil` when there are none.
  let trie: PatchTrie?
  let patch: StatePatch
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .keyed(let keys, let members) = try containerNode() else {
      throw mismatch("a keyed container")
    }
    return KeyedDecodingContainer(
      try PatchKeyedContainer<Key>(
        keys: keys, members: members, trie: trie, patch: patch, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .unkeyed(let elements) = try containerNode() else {
      throw mismatch("an unkeyed container")
    }
    return try PatchUnkeyedContainer(
      elements: elements, trie: trie, patch: patch, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    PatchSingleValueContainer(decoder: self)
  }

  /// The node as a container, looking through values (and wrappers around values).
  private func containerNode() throws -> StateNode {
    var node = node
    while case .value = node { node = try node.expanded() }
    return node
  }

  func mismatch(_ expected: String) -> DecodingError {
    DecodingError.typeMismatch(
      Any.self,
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "Undo expected \(expected) here, as the state encoded it before; its "
          + "Codable conformance must decode what it encodes."))
  }

  /// A primitive from a node: the typed value itself, or the scalar it encodes as.
  func primitive<T>(_ node: StateNode, _ convert: (Scalar) -> T?) throws -> T {
    if case .value(let value) = node, let typed = value as? T { return typed }
    guard let scalar = try node.scalar(), let typed = convert(scalar) else {
      throw mismatch("a \(T.self)")
    }
    return typed
  }

  /// Whether a node is `nil`, without encoding an optional to find out.
  static func isNil(_ node: StateNode) throws -> Bool {
    if case .value(let value) = node, let optional = value as? any OptionalValue {
      return optional.isNone
    }
    return try node.scalar() == .null
  }
}

/// Tells an optional that is `nil` from one that is not, whatever it wraps.
protocol OptionalValue {
  var isNone: Bool { get }
}

extension Optional: OptionalValue {
  var isNone: Bool { self == nil }
}

/// The scalar conversions the containers share.
enum ScalarAs {
  static func bool(_ scalar: Scalar) -> Bool? {
    if case .bool(let value) = scalar { value } else { nil }
  }

  static func string(_ scalar: Scalar) -> String? {
    if case .string(let value) = scalar { value } else { nil }
  }
}

/// A coding key for a position in an unkeyed container, for coding paths.
struct PositionKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ position: Int) { intValue = position }
  init?(stringValue _: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}
