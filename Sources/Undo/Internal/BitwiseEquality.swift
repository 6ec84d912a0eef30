import EffectCore

/// Tells values apart by their bytes before anything more expensive looks at them.
///
/// Two values with the same bytes are the same value: the same numbers and the same references
/// to the same storage (a string's, an array's buffer). The reverse does not hold (equal strings
/// can live in two buffers), so different bytes only mean "look closer". This is what lets a
/// step skip the parts of a large state that an action did not touch without encoding them:
/// they still share their storage with the state before the action.
///
/// Only the bytes that hold the value are compared (see ``ValueBytes``): a struct's padding
/// holds whatever the memory held before, because a copy writes a struct field by field, and
/// the rows of an array copied for an edit would otherwise all differ.
///
/// A class instance inside the state is the same whatever was changed inside it: the state is
/// expected to be made of values, as the store's own copy-on-write semantics expect.
enum BitwiseEquality {
  /// Whether two values of one type have the same value bytes.
  static func same<T>(_ lhs: T, _ rhs: T) -> Bool {
    let layout = ValueBytes.of(T.self)
    return withUnsafeBytes(of: lhs) { a in
      withUnsafeBytes(of: rhs) { b in
        guard let a = a.baseAddress, let b = b.baseAddress else { return true }
        return layout.ranges.allSatisfy { range in
          OperatingSystem.bytesEqual(a + range.lowerBound, b + range.lowerBound, count: range.count)
        }
      }
    }
  }

  /// Whether two values are of one type and have the same value bytes.
  static func sameValues(_ lhs: any Encodable, _ rhs: any Encodable) -> Bool {
    func open<T: Encodable>(_ lhs: T) -> Bool {
      guard let rhs = rhs as? T else { return false }
      return same(lhs, rhs)
    }
    return open(lhs)
  }

  /// Whether two arrays share their storage.
  static func shareStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
    lhs.count == rhs.count
      && lhs.withUnsafeBufferPointer { a in
        rhs.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
      }
  }

  /// The positions at which two arrays of one length hold arrays with other storage: an array
  /// is one reference to its storage, so this compares words, without a generic call per
  /// element.
  static func differingWords<Element>(_ lhs: [[Element]], _ rhs: [[Element]]) -> [Int] {
    precondition(lhs.count == rhs.count)
    precondition(MemoryLayout<[Element]>.stride == MemoryLayout<UInt>.stride)
    guard !shareStorage(lhs, rhs) else { return [] }
    var positions: [Int] = []
    lhs.withUnsafeBytes { a in
      rhs.withUnsafeBytes { b in
        for position in 0..<lhs.count {
          let offset = position * MemoryLayout<UInt>.stride
          if a.load(fromByteOffset: offset, as: UInt.self)
            != b.load(fromByteOffset: offset, as: UInt.self)
          {
            positions.append(position)
          }
        }
      }
    }
    return positions
  }

  /// The positions at which two arrays of one length differ in their elements' value bytes,
  /// found with a scan of their memory: a chunk at a time, then element by element (value bytes
  /// only) in a chunk whose bytes differ.
  static func differingPositions<Element>(_ lhs: [Element], _ rhs: [Element]) -> [Int] {
    precondition(lhs.count == rhs.count)
    let layout = ValueBytes.of(Element.self)
    let stride = MemoryLayout<Element>.stride
    guard layout.size > 0, !shareStorage(lhs, rhs) else { return [] }
    var positions: [Int] = []
    lhs.withUnsafeBytes { a in
      rhs.withUnsafeBytes { b in
        guard let a = a.baseAddress, let b = b.baseAddress else { return }
        let chunk = max(1, 4096 / stride)
        var start = 0
        while start < lhs.count {
          let end = min(start + chunk, lhs.count)
          let offset = start * stride
          let length = (end - start - 1) * stride + layout.size
          if !OperatingSystem.bytesEqual(a + offset, b + offset, count: length) {
            layout.appendDiffering(a, b, stride: stride, positions: start..<end, to: &positions)
          }
          start = end
        }
      }
    }
    return positions
  }
}
