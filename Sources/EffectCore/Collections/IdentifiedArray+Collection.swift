extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The position of the first element.
  public var startIndex: Int { 0 }

  /// The position after the last element.
  public var endIndex: Int { _elements.count }

  /// The element at a position.
  ///
  /// Changing the element in place (`rows[0].title = "Milk"`) must keep its id. Assigning a
  /// whole element puts it at the position: an element with another id replaces the one there,
  /// and an element whose id is elsewhere in the array first trades places with the one there,
  /// so ids stay unique.
  ///
  /// - Parameter position: The position.
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    set {
      let id = newValue[keyPath: _id]
      if let current = _index[id], current != position {
        swapAt(current, position)
      } else if _ids[position] != id {
        _journal.record(.removed(_ids[position]))
        _journal.record(.order)
        _index[_ids[position]] = nil
        _index[id] = position
        _ids[position] = id
      }
      _elements[position] = newValue
      _journal.record(.element(id))
    }
    _modify {
      let id = _ids[position]
      yield &_elements[position]
      precondition(_elements[position][keyPath: _id] == id, "An element's id changed in place")
      _journal.record(.element(id))
    }
  }

  /// Exchanges the elements at two positions; `reverse()`, `shuffle()` and `partition(by:)` use
  /// it.
  ///
  /// - Parameters:
  ///   - i: A position.
  ///   - j: Another position, or the same.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    let (first, second) = (_elements[i], _elements[j])
    _elements[i] = second
    _elements[j] = first
    _ids.swapAt(i, j)
    _index[_ids[i]] = i
    _index[_ids[j]] = j
    _journal.record(.order)
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in place, in increasing order.
  public mutating func sort() {
    sort(by: <)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array from a literal of elements with unique ids.
  ///
  /// - Parameter elements: The elements.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Two identified arrays are equal when their elements are equal, in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._elements == rhs._elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array would print them.
  public var description: String { elements.description }
}

extension IdentifiedArray: CustomDebugStringConvertible {
  /// The element type and the elements as `debugPrint` shows them, as swift-identified-collections
  /// writes it: `IdentifiedArray<Int>([1, 2, 3])`.
  public var debugDescription: String {
    var result = "IdentifiedArray<\(Element.self)>(["
    for (offset, element) in enumerated() {
      if offset > 0 { result += ", " }
      debugPrint(element, terminator: "", to: &result)
    }
    return result + "])"
  }
}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as the elements, so dumps and diffs show a plain list.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}

extension IdentifiedArray {
  /// The elements in the chunks they are stored in, in order: every chunk but the last holds
  /// the same number of elements. Two copies of one array share the chunks neither changed
  /// since, which Undo uses to skip them.
  @_spi(Storage) public var elementChunks: [[Element]] { _elements.chunks }
}
