/// The positions of an ``IdentifiedArray``'s ids: a dictionary from id to position whose integer
/// keys hash with a short mix instead of SipHash.
///
/// A row action looks its row up by id on every send, and `Hasher` on one `Int` costs more than
/// the rest of the lookup. Integer ids (`Int`, `UInt`, `Int64`, `UInt64`) are mixed with the
/// dictionary's per-instance seed (a multiply and shifts, whose low bits, the ones a bucket is
/// picked by, depend on every bit of the id); every other id hashes as it always does.
@usableFromInline
struct IDIndex<ID: Hashable> {
  @usableFromInline var positions: [Key: Int]

  /// An id as a key of ``positions``.
  @usableFromInline
  struct Key: Hashable {
    @usableFromInline let id: ID

    @inlinable init(_ id: ID) { self.id = id }

    @inlinable static func == (lhs: Key, rhs: Key) -> Bool { lhs.id == rhs.id }

    @inlinable func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// What `Dictionary` places a key by. The type tests fold away where `ID` is known.
    @inlinable func _rawHashValue(seed: Int) -> Int {
      if ID.self == Int.self {
        return IDIndex.mix(UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self))), seed: seed)
      }
      if ID.self == UInt.self {
        return IDIndex.mix(UInt64(unsafeBitCast(id, to: UInt.self)), seed: seed)
      }
      if ID.self == Int64.self || ID.self == UInt64.self {
        return IDIndex.mix(unsafeBitCast(id, to: UInt64.self), seed: seed)
      }
      return id._rawHashValue(seed: seed)
    }
  }

  /// The finalizer of MurmurHash3's 64-bit hash, applied to the id and the seed.
  @inlinable
  static func mix(_ value: UInt64, seed: Int) -> Int {
    var x = value ^ UInt64(truncatingIfNeeded: seed)
    x = (x ^ (x >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    x = (x ^ (x >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    return Int(truncatingIfNeeded: x ^ (x >> 33))
  }

  @inlinable
  init(minimumCapacity: Int) {
    positions = Dictionary(minimumCapacity: minimumCapacity)
  }

  /// The position of `id`; setting `nil` forgets it.
  @inlinable
  subscript(id: ID) -> Int? {
    get { positions[Key(id)] }
    set { positions[Key(id)] = newValue }
  }

  /// Sets the position of `id`, returning the one it had.
  @inlinable
  mutating func updateValue(_ position: Int, forKey id: ID) -> Int? {
    positions.updateValue(position, forKey: Key(id))
  }

  @inlinable
  mutating func removeAll() {
    positions.removeAll()
  }
}
