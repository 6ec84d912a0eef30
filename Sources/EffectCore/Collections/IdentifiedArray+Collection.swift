extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The position of the first element.
  public var startIndex: Int { 0 }

  /// The position after the last element.
  public var endIndex: Int { _elements.count }

  /// The element at a position. Setting it must keep the element's id.
  ///
  /// - Parameter position: The position.
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    _modify {
      let id = _ids[position]
      yield &_elements[position]
      precondition(_elements[position][keyPath: _id] == id, "An element's id changed in place")
    }
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
