/// The elements of an ``IdentifiedArray``, in order, kept in chunks of ``chunkSize``.
///
/// Each chunk is an array of its own, so copy-on-write works a chunk at a time: changing one
/// element of a copy (a state an undo step or a test store keeps, a view's last value) copies
/// that element's chunk and the list of chunks, not every element. Comparing a copy with its
/// original skips the chunks they still share.
///
/// Every chunk but the last holds exactly ``chunkSize`` elements and the last is never empty, so
/// an element is found by position with a shift and a mask.
@usableFromInline
struct ElementChunks<Element> {
  @usableFromInline static var chunkShift: Int { 7 }
  @usableFromInline static var chunkSize: Int { 1 &<< chunkShift }
  @usableFromInline static var offsetMask: Int { chunkSize &- 1 }

  @usableFromInline var chunks: [[Element]]
  @usableFromInline var count: Int

  @inlinable init(_ elements: some Sequence<Element>) {
    let all = Array(elements)
    count = all.count
    if all.count <= Self.chunkSize {
      chunks = all.isEmpty ? [] : [all]
    } else {
      chunks = stride(from: 0, to: all.count, by: Self.chunkSize).map { start in
        Array(all[start..<min(start + Self.chunkSize, all.count)])
      }
    }
  }

  @inlinable subscript(position: Int) -> Element {
    get {
      precondition(position >= 0 && position < count, "Index \(position) is out of range")
      return chunks[position &>> Self.chunkShift][position & Self.offsetMask]
    }
    _modify {
      precondition(position >= 0 && position < count, "Index \(position) is out of range")
      yield &chunks[position &>> Self.chunkShift][position & Self.offsetMask]
    }
  }

  /// The elements as one array.
  @inlinable var flattened: [Element] {
    if chunks.count == 1 { return chunks[0] }
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for chunk in chunks { elements.append(contentsOf: chunk) }
    return elements
  }

  /// Appends to the last chunk, or starts a chunk when it is full. A chunk grows as an array
  /// does, so a short list does not hold room for a whole chunk.
  @inlinable mutating func append(_ element: Element) {
    if count & Self.offsetMask == 0 {
      chunks.append([element])
    } else {
      chunks[chunks.count &- 1].append(element)
    }
    count &+= 1
  }

  /// Inserts at `position`, moving the last element of each full chunk after it to the front of
  /// the next.
  @usableFromInline mutating func insert(_ element: Element, at position: Int) {
    precondition(position >= 0 && position <= count, "Index \(position) is out of range")
    guard position < count else { return append(element) }
    var chunk = position &>> Self.chunkShift
    chunks[chunk].insert(element, at: position & Self.offsetMask)
    while chunks[chunk].count > Self.chunkSize {
      let carried = chunks[chunk].removeLast()
      chunk += 1
      if chunk == chunks.count {
        chunks.append([carried])
      } else {
        chunks[chunk].insert(carried, at: 0)
      }
    }
    count &+= 1
  }

  /// Removes the element at `position`, moving the first element of each chunk after it to the
  /// end of the one before.
  @usableFromInline mutating func remove(at position: Int) -> Element {
    precondition(position >= 0 && position < count, "Index \(position) is out of range")
    var chunk = position &>> Self.chunkShift
    let removed = chunks[chunk].remove(at: position & Self.offsetMask)
    while chunk + 1 < chunks.count {
      chunks[chunk].append(chunks[chunk + 1].removeFirst())
      chunk += 1
    }
    if chunks[chunks.count - 1].isEmpty { chunks.removeLast() }
    count &-= 1
    return removed
  }

  @inlinable mutating func removeAll() {
    chunks.removeAll()
    count = 0
  }
}

extension ElementChunks: Equatable where Element: Equatable {
  /// Chunk by chunk, so that chunks two copies still share compare by identity.
  @inlinable static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.chunks == rhs.chunks
  }
}
