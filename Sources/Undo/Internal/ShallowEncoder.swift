/// An `Encoder` that records one level of a value: its members or elements are kept as the
/// typed values they are (``StateNode/value(_:)``), not encoded. Nested containers, which are
/// part of the value's own level (an enum's payload), are recorded whole.
final class ShallowEncoder: Encoder {
  let codingPath: [any CodingKey] = []
  let userInfo: [CodingUserInfoKey: Any] = [:]
  private let content: Content

  /// An encoder that writes into `content`: a super encoder writes one slot of its parent.
  fileprivate init(content: Content) {
    self.content = content
  }

  /// One level of `value`'s encoding.
  static func encode(_ value: any Encodable) throws -> StateNode {
    let encoder = ShallowEncoder(content: Content())
    try value.encode(to: encoder)
    return encoder.content.node
  }

  func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(KeyedContainer<Key>(content.keyed()))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedContainer(content.unkeyed())
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(content)
  }

  /// What a container wrote, filled in as the value encodes itself. A reference, because a
  /// nested container or a super encoder is written after it has been handed out.
  final class Content {
    enum Kind {
      case empty
      case single(StateNode)
      case keyed(Keyed)
      case unkeyed(Unkeyed)
    }

    var kind = Kind.empty

    func keyed() -> Keyed {
      if case .keyed(let keyed) = kind { return keyed }
      let keyed = Keyed()
      kind = .keyed(keyed)
      return keyed
    }

    func unkeyed() -> Unkeyed {
      if case .unkeyed(let unkeyed) = kind { return unkeyed }
      let unkeyed = Unkeyed()
      kind = .unkeyed(unkeyed)
      return unkeyed
    }

    /// An encoding that asked for no container is an empty keyed one, as in JSON.
    var node: StateNode {
      switch kind {
      case .empty: .keyed(keys: [], members: [])
      case .single(let node): node
      case .keyed(let keyed): .keyed(keys: keyed.keys, members: keyed.slots.map(\.node))
      case .unkeyed(let unkeyed): .unkeyed(unkeyed.slots.map(\.node))
      }
    }
  }

  /// A member or element: a node, or a nested container still being written.
  enum Slot {
    case node(StateNode)
    case content(Content)

    var node: StateNode {
      switch self {
      case .node(let node): node
      case .content(let content): content.node
      }
    }
  }

  final class Keyed {
    var keys: [String] = []
    var slots: [Slot] = []

    func set(_ slot: Slot, for key: any CodingKey) {
      let name = key.stringValue
      if let index = keys.firstIndex(of: name) {
        slots[index] = slot
      } else {
        keys.append(name)
        slots.append(slot)
      }
    }
  }

  final class Unkeyed {
    var slots: [Slot] = []
  }
}

extension ShallowEncoder {
  fileprivate struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey] = []
    let storage: Keyed

    init(_ storage: Keyed) {
      self.storage = storage
    }

    mutating func encodeNil(forKey key: Key) { storage.set(.node(.scalar(.null)), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) {
      storage.set(.node(.scalar(.bool(value))), for: key)
    }
    mutating func encode(_ value: String, forKey key: Key) {
      storage.set(.node(.scalar(.string(value))), for: key)
    }
    mutating func encode(_ value: Double, forKey key: Key) {
      storage.set(.node(.scalar(.double(value))), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) {
      storage.set(.node(.scalar(.float(value))), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) { signed(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) { signed(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) { signed(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) { signed(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) { signed(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) { unsigned(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { unsigned(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { unsigned(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { unsigned(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { unsigned(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
      storage.set(.node(.value(value)), for: key)
    }

    private func signed(_ value: some SignedInteger & FixedWidthInteger, _ key: Key) {
      storage.set(.node(.scalar(.int(Int64(value)))), for: key)
    }

    private func unsigned(_ value: some UnsignedInteger & FixedWidthInteger, _ key: Key) {
      storage.set(.node(.scalar(.uint(UInt64(value)))), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy _: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let content = Content()
      storage.set(.content(content), for: key)
      return KeyedEncodingContainer(KeyedContainer<NestedKey>(content.keyed()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let content = Content()
      storage.set(.content(content), for: key)
      return UnkeyedContainer(content.unkeyed())
    }

    mutating func superEncoder() -> any Encoder {
      let content = Content()
      storage.set(.content(content), for: SuperKey())
      return ShallowEncoder(content: content)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      let content = Content()
      storage.set(.content(content), for: key)
      return ShallowEncoder(content: content)
    }
  }

  fileprivate struct UnkeyedContainer: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey] = []
    let storage: Unkeyed
    var count: Int { storage.slots.count }

    init(_ storage: Unkeyed) {
      self.storage = storage
    }

    mutating func encodeNil() { storage.slots.append(.node(.scalar(.null))) }
    mutating func encode(_ value: Bool) { storage.slots.append(.node(.scalar(.bool(value)))) }
    mutating func encode(_ value: String) { storage.slots.append(.node(.scalar(.string(value)))) }
    mutating func encode(_ value: Double) { storage.slots.append(.node(.scalar(.double(value)))) }
    mutating func encode(_ value: Float) { storage.slots.append(.node(.scalar(.float(value)))) }
    mutating func encode(_ value: Int) { signed(value) }
    mutating func encode(_ value: Int8) { signed(value) }
    mutating func encode(_ value: Int16) { signed(value) }
    mutating func encode(_ value: Int32) { signed(value) }
    mutating func encode(_ value: Int64) { signed(value) }
    mutating func encode(_ value: UInt) { unsigned(value) }
    mutating func encode(_ value: UInt8) { unsigned(value) }
    mutating func encode(_ value: UInt16) { unsigned(value) }
    mutating func encode(_ value: UInt32) { unsigned(value) }
    mutating func encode(_ value: UInt64) { unsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) { storage.slots.append(.node(.value(value))) }

    private func signed(_ value: some SignedInteger & FixedWidthInteger) {
      storage.slots.append(.node(.scalar(.int(Int64(value)))))
    }

    private func unsigned(_ value: some UnsignedInteger & FixedWidthInteger) {
      storage.slots.append(.node(.scalar(.uint(UInt64(value)))))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy _: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      let content = Content()
      storage.slots.append(.content(content))
      return KeyedEncodingContainer(KeyedContainer<NestedKey>(content.keyed()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let content = Content()
      storage.slots.append(.content(content))
      return UnkeyedContainer(content.unkeyed())
    }

    mutating func superEncoder() -> any Encoder {
      let content = Content()
      storage.slots.append(.content(content))
      return ShallowEncoder(content: content)
    }
  }

  fileprivate struct SingleContainer: SingleValueEncodingContainer {
    let codingPath: [any CodingKey] = []
    let content: Content

    init(_ content: Content) {
      self.content = content
    }

    mutating func encodeNil() { content.kind = .single(.scalar(.null)) }
    mutating func encode(_ value: Bool) { content.kind = .single(.scalar(.bool(value))) }
    mutating func encode(_ value: String) { content.kind = .single(.scalar(.string(value))) }
    mutating func encode(_ value: Double) { content.kind = .single(.scalar(.double(value))) }
    mutating func encode(_ value: Float) { content.kind = .single(.scalar(.float(value))) }
    mutating func encode(_ value: Int) { signed(value) }
    mutating func encode(_ value: Int8) { signed(value) }
    mutating func encode(_ value: Int16) { signed(value) }
    mutating func encode(_ value: Int32) { signed(value) }
    mutating func encode(_ value: Int64) { signed(value) }
    mutating func encode(_ value: UInt) { unsigned(value) }
    mutating func encode(_ value: UInt8) { unsigned(value) }
    mutating func encode(_ value: UInt16) { unsigned(value) }
    mutating func encode(_ value: UInt32) { unsigned(value) }
    mutating func encode(_ value: UInt64) { unsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) { content.kind = .single(.value(value)) }

    private func signed(_ value: some SignedInteger & FixedWidthInteger) {
      content.kind = .single(.scalar(.int(Int64(value))))
    }

    private func unsigned(_ value: some UnsignedInteger & FixedWidthInteger) {
      content.kind = .single(.scalar(.uint(UInt64(value))))
    }
  }
}

/// The key `superEncoder()` and `superDecoder()` use, as Foundation's coders do.
struct SuperKey: CodingKey {
  var stringValue: String { "super" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { guard stringValue == "super" else { return nil } }
  init?(intValue _: Int) { nil }
}
