import EffectCore
@_spi(Reflection) import Swift

/// The bytes of a type's layout that hold its value: all of them but the padding of structs and
/// tuples (between their fields and after the last), found once per type from the runtime's
/// field reflection and kept.
///
/// Padding is never part of a value, and a copy of a struct that holds references writes it
/// field by field, so the padding of a copy is whatever that memory held before. Anything that
/// is not a struct or a tuple (an enum, a class reference, an existential, a type the runtime
/// cannot reflect) counts whole: its unused bytes can only make two equal values look
/// different, which sends them to a closer look, never the other way round.
struct ValueBytes: Sendable {
  let size: Int
  /// The value bytes, as sorted, disjoint ranges.
  let ranges: [Range<Int>]
  /// For each 8-byte word, the mask of its value bytes; when the type's stride is a multiple of
  /// 8, so that a word load never leaves an element's slot.
  private let words: [UInt64]?

  // A POSIX-mutex lock that ThreadSanitizer understands (the standard library's `Mutex` is a
  // futex on Linux, whose accesses it reports as races).
  private static let known = LockIsolated<[ObjectIdentifier: ValueBytes]>([:])

  /// The value bytes of `type`.
  static func of<T>(_ type: T.Type) -> ValueBytes {
    let key = ObjectIdentifier(type)
    if let layout = known.withLock({ $0[key] }) { return layout }
    var ranges: [Range<Int>] = []
    collect(type, at: 0, into: &ranges)
    let layout = ValueBytes(
      size: MemoryLayout<T>.size, ranges: merged(ranges), stride: MemoryLayout<T>.stride)
    known.withLock { $0[key] = layout }
    return layout
  }

  private init(size: Int, ranges: [Range<Int>], stride: Int) {
    self.size = size
    self.ranges = ranges
    guard stride % 8 == 0, ranges != [0..<size] else {
      words = nil
      return
    }
    var words = [UInt64](repeating: 0, count: (size + 7) / 8)
    for range in ranges {
      for byte in range { words[byte / 8] |= 0xFF << (UInt64(byte % 8) * 8) }
    }
    self.words = words
  }

  /// Whether the values at two addresses have the same value bytes.
  func same(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
    guard let words else {
      return ranges.allSatisfy { range in
        OperatingSystem.bytesEqual(a + range.lowerBound, b + range.lowerBound, count: range.count)
      }
    }
    return words.withUnsafeBufferPointer { masks in Self.same(a, b, masks) }
  }

  /// Appends the positions in `positions` (of elements `stride` bytes apart from `a` and `b`)
  /// whose value bytes differ.
  func appendDiffering(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, stride: Int, positions range: Range<Int>,
    to positions: inout [Int]
  ) {
    guard let words else {
      for position in range where !same(a + position * stride, b + position * stride) {
        positions.append(position)
      }
      return
    }
    words.withUnsafeBufferPointer { masks in
      guard let mask = masks.baseAddress else { return }
      var x = a + range.lowerBound &* stride
      var y = b + range.lowerBound &* stride
      for position in range {
        // No early exit: one branch per element, which the scan of many equal rows wants.
        var difference: UInt64 = 0
        var index = 0
        while index < masks.count {
          let offset = index &* 8
          difference |=
            (x.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
              ^ y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & mask[index]
          index &+= 1
        }
        if difference != 0 { positions.append(position) }
        x += stride
        y += stride
      }
    }
  }

  /// Compares word by word under the masks; a stride that is a multiple of 8 keeps every load
  /// inside the element's slot.
  @inline(__always)
  private static func same(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ masks: UnsafeBufferPointer<UInt64>
  ) -> Bool {
    var index = 0
    while index < masks.count {
      let offset = index &* 8
      let x = a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      let y = b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      if (x ^ y) & masks[index] != 0 { return false }
      index &+= 1
    }
    return true
  }

  /// Whether every byte of the type holds its value (it has no padding).
  var isDense: Bool { ranges.isEmpty || ranges == [0..<size] }

  private static func collect(_ type: Any.Type, at base: Int, into ranges: inout [Range<Int>]) {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    let typeSize = size(type)
    guard typeSize > 0 else { return }
    let kind = _MetadataKind(
      rawValue: unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self))
    var fields: [(offset: Int, type: Any.Type)] = []
    if kind == .struct || kind == .tuple,
      _forEachField(
        of: type,
        body: { _, offset, field, _ in
          fields.append((offset, field))
          return true
        }),
      !fields.isEmpty
    {
      for field in fields { collect(field.type, at: base + field.offset, into: &ranges) }
    } else {
      ranges.append(base..<base + typeSize)
    }
  }

  private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }
}
