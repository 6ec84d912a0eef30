/// The rest of swift-identified-collections' editing API, under its names: update-or-add by id,
/// adding many, removing from the ends or a range, and building from elements whose ids may
/// repeat.
extension IdentifiedArray {
  /// Creates an identified array from elements whose ids may repeat, combining the elements
  /// that share an id (the combined one takes the first one's place).
  ///
  /// ```swift
  /// let latest = IdentifiedArray(events, id: \.id) { _, newer in newer }
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The elements.
  ///   - id: The key path of an element's id.
  ///   - combine: Makes one element of two with the same id, the earlier one first.
  public init(
    _ elements: some Sequence<Element>, id: KeyPath<Element, ID>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    var unique: [Element] = []
    var positions: [ID: Int] = [:]
    for element in elements {
      let elementID = element[keyPath: id]
      if let position = positions[elementID] {
        unique[position] = try combine(unique[position], element)
      } else {
        positions[elementID] = unique.count
        unique.append(element)
      }
    }
    self.init(uniqueElements: unique, id: id)
  }

  /// Creates an identified array from elements the caller knows to have unique ids, as
  /// swift-identified-collections spells it. Here the ids are checked all the same: a repeated
  /// id stops the program with its value rather than corrupting the index.
  ///
  /// - Parameters:
  ///   - elements: The elements.
  ///   - id: The key path of an element's id.
  public init(uncheckedUniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    self.init(uniqueElements: elements, id: id)
  }

  /// Creates a copy of an identified array: the same as assigning it.
  ///
  /// - Parameter elements: The array.
  public init(_ elements: Self) {
    self = elements
  }

  /// Creates an identified array of a slice of another one, with the same id key path.
  ///
  /// ```swift
  /// let firstTwo = IdentifiedArray(rows[..<2])
  /// ```
  ///
  /// - Parameter elements: The slice.
  public init(_ elements: SubSequence) {
    self.init(uniqueElements: elements, id: elements.base._id)
  }

  /// Replaces the element at a position with a new value of the same id.
  ///
  /// ```swift
  /// rows.update(Todo(id: 1, title: "Oat milk"), at: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The new value; its id must be the id of the element it replaces (checked with
  ///     a precondition).
  ///   - index: The position.
  /// - Returns: The element it replaced.
  @discardableResult
  public mutating func update(_ element: Element, at index: Int) -> Element {
    precondition(
      element[keyPath: _id] == _ids[index],
      "The replacement element's id, \(element[keyPath: _id]), must be the id of the element it "
        + "replaces, \(_ids[index])")
    let replaced = self[index]
    self[index] = element
    return replaced
  }

  /// Replaces the element with the same id, or appends it when there is none.
  ///
  /// - Parameter element: The element.
  /// - Returns: The element it replaced, or `nil` when it was appended.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let id = element[keyPath: _id]
    guard let position = _index[id] else {
      append(element)
      return nil
    }
    let original = _elements[position]
    _elements[position] = element
    _journal.record(.element(id))
    return original
  }

  /// Replaces the element with the same id where it is, or inserts it at `position` when there
  /// is none.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - position: Where to insert it if it is new.
  /// - Returns: The element it replaced (or `nil`), and where the element now is.
  @discardableResult
  public mutating func updateOrInsert(
    _ element: Element, at position: Int
  ) -> (originalMember: Element?, index: Int) {
    let id = element[keyPath: _id]
    if let existing = _index[id] {
      let original = _elements[existing]
      _elements[existing] = element
      _journal.record(.element(id))
      return (original, existing)
    }
    insert(element, at: position)
    return (nil, position)
  }

  /// Appends the elements whose ids are not here yet, in order; the others are skipped.
  ///
  /// - Parameter newElements: The elements.
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements { append(element) }
  }

  /// Removes the element with the same id as `element`.
  ///
  /// - Parameter element: An element with the id to remove.
  /// - Returns: The removed element, or `nil` when no element had that id.
  @discardableResult
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: element[keyPath: _id])
  }

  /// Removes and returns the first element; the array must not be empty.
  @discardableResult
  public mutating func removeFirst() -> Element {
    precondition(!isEmpty, "Can't remove the first element of an empty identified array")
    return remove(at: 0)
  }

  /// Removes and returns the last element; the array must not be empty.
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!isEmpty, "Can't remove the last element of an empty identified array")
    return remove(at: count - 1)
  }

  /// Removes the first `k` elements.
  ///
  /// - Parameter k: How many; at most `count`.
  public mutating func removeFirst(_ k: Int) {
    removeSubrange(0..<k)
  }

  /// Removes the last `k` elements.
  ///
  /// - Parameter k: How many; at most `count`.
  public mutating func removeLast(_ k: Int) {
    removeSubrange(count - k..<count)
  }

  /// Removes the elements in a range of positions.
  ///
  /// - Parameter bounds: The positions; within `0...count`.
  public mutating func removeSubrange(_ bounds: Range<Int>) {
    precondition(
      bounds.lowerBound >= 0 && bounds.upperBound <= count,
      "Range \(bounds) is out of bounds")
    guard !bounds.isEmpty else { return }
    if bounds.upperBound == count {
      for _ in bounds { remove(at: count - 1) }
      return
    }
    remove(atOffsets: bounds)
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array from identifiable elements the caller knows to have unique ids
  /// (checked all the same).
  ///
  /// - Parameter elements: The elements.
  public init(uncheckedUniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id)
  }

  /// Creates an identified array of identifiable elements whose ids may repeat, combining the
  /// elements that share an id.
  ///
  /// - Parameters:
  ///   - elements: The elements.
  ///   - combine: Makes one element of two with the same id, the earlier one first.
  public init(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    try self.init(elements, id: \.id, uniquingIDsWith: combine)
  }
}
