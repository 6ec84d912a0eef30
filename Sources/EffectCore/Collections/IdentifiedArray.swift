/// An ordered collection of elements with unique ids, with constant-time lookup by id.
///
/// The state of a list feature: rows keep their order, and a row action finds its row by id
/// without a search.
///
/// ```swift
/// var rows: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
/// rows[id: 1]?.isDone = true
/// rows.remove(id: 1)
/// ```
///
/// Changing one element in place does not copy the others (copy-on-write is preserved), and
/// changing one element of a copy copies only the chunk of elements it is stored in: a store
/// that keeps the state before an action (undo, a test store) pays for the rows the action
/// changed, not for all of them.
public struct IdentifiedArray<ID: Hashable, Element> {
  @usableFromInline var _ids: [ID]
  @usableFromInline var _elements: ElementChunks<Element>
  @usableFromInline var _index: IDIndex<ID>
  @usableFromInline let _id: KeyPath<Element, ID>
  /// The last few edits, for observers of a store (see ``EditJournal``). Not part of the value:
  /// equality, hashing and coding ignore it.
  @usableFromInline var _journal = EditJournal<ID>()

  /// Creates an identified array from elements whose ids are unique.
  ///
  /// - Parameters:
  ///   - elements: The elements; their ids must be unique (checked with a precondition).
  ///   - id: The key path of an element's id.
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: KeyPath<Element, ID>
  ) {
    self._id = id
    let elements = Array(elements)
    self._elements = ElementChunks(elements)
    self._ids = elements.map { $0[keyPath: id] }
    self._index = IDIndex(minimumCapacity: _ids.count)
    for (offset, id) in _ids.enumerated() {
      precondition(_index.updateValue(offset, forKey: id) == nil, "Duplicate id \(id)")
    }
  }

  /// The ids, in order.
  @inlinable public var ids: [ID] { _ids }

  /// The elements, in order, as an array (made from the chunks they are stored in).
  public var elements: [Element] { _elements.flattened }

  /// The element with the given id; setting `nil` removes it, setting a new id appends it.
  ///
  /// - Parameter id: The id.
  public subscript(id id: ID) -> Element? {
    @inlinable get {
      _index[id].map { _elements[$0] }
    }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      let newID = newValue[keyPath: _id]
      precondition(newID == id, "The element's id is \(newID), not \(id)")
      if let index = _index[id] {
        _elements[index] = newValue
        _journal.record(.element(id))
      } else {
        append(newValue)
      }
    }
  }

  /// The position of the element with the given id.
  ///
  /// - Parameter id: The id.
  /// - Returns: The index, or `nil` when no element has that id.
  @inlinable public func index(id: ID) -> Int? { _index[id] }

  /// Appends an element, unless one with the same id is already there.
  ///
  /// - Parameter element: The element.
  /// - Returns: Whether it was inserted, and its index.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let id = element[keyPath: _id]
    if let index = _index[id] { return (false, index) }
    _index[id] = _elements.count
    _ids.append(id)
    _elements.append(element)
    _journal.record(.order)
    return (true, _elements.count - 1)
  }

  /// Inserts an element at a position, unless one with the same id is already there.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - index: Where to insert it.
  /// - Returns: Whether it was inserted, and its index.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let id = element[keyPath: _id]
    if let existing = _index[id] { return (false, existing) }
    _ids.insert(id, at: index)
    _elements.insert(element, at: index)
    reindex(from: index)
    _journal.record(.order)
    return (true, index)
  }

  /// Removes the element with the given id.
  ///
  /// - Parameter id: The id.
  /// - Returns: The removed element, or `nil` if there was none.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let index = _index[id] else { return nil }
    return remove(at: index)
  }

  /// Removes the element at a position.
  ///
  /// - Parameter index: The position.
  /// - Returns: The removed element.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let id = _ids.remove(at: index)
    _index[id] = nil
    let element = _elements.remove(at: index)
    reindex(from: index)
    _journal.record(.removed(id))
    return element
  }

  /// Removes every element that matches a predicate.
  ///
  /// - Parameter shouldBeRemoved: Returns `true` for the elements to remove.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    let kept = try elements.filter { try !shouldBeRemoved($0) }
    guard kept.count != _elements.count else { return }
    self = IdentifiedArray(uniqueElements: kept, id: _id)
  }

  /// Removes the elements at the given positions, as a list's swipe to delete does.
  ///
  /// ```swift
  /// case .delete(let offsets):             // an IndexSet, a range, or any sequence of Int
  ///   state.todos.remove(atOffsets: offsets)
  /// ```
  ///
  /// - Parameter offsets: The positions, in any order; each must be a valid index (checked with a
  ///   precondition). A position given twice is removed once.
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let removing = Set(offsets)
    guard !removing.isEmpty else { return }
    for offset in removing {
      precondition(indices.contains(offset), "Offset \(offset) is out of bounds")
    }
    var kept: [Element] = []
    kept.reserveCapacity(_elements.count - removing.count)
    for (offset, element) in enumerated() where !removing.contains(offset) {
      kept.append(element)
    }
    self = IdentifiedArray(uniqueElements: kept, id: _id)
  }

  /// The elements that satisfy a predicate, as an identified array in the same order.
  ///
  /// ```swift
  /// let done = state.todos.filter(\.isDone)   // IdentifiedArrayOf<Todo>
  /// ```
  ///
  /// Give the result a type (`let titles: [Todo] = todos.filter { … }`) to get an array instead.
  ///
  /// - Parameter isIncluded: Returns `true` for the elements to keep.
  /// - Returns: An identified array of the kept elements, with the same id key path.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    IdentifiedArray(uniqueElements: try elements.filter(isIncluded), id: _id)
  }

  /// Removes every element.
  public mutating func removeAll() {
    _ids.removeAll()
    _elements.removeAll()
    _index.removeAll()
    _journal = EditJournal()
  }

  /// Moves elements, as a list's drag and drop does.
  ///
  /// ```swift
  /// case .move(let source, let destination):   // an IndexSet, a range, or any sequence of Int
  ///   state.todos.move(fromOffsets: source, toOffset: destination)
  /// ```
  ///
  /// - Parameters:
  ///   - source: The positions of the elements to move.
  ///   - destination: The position to move them before, counted before the move.
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source)
    let before = indices.filter { $0 < destination && !moving.contains($0) }
    let after = indices.filter { $0 >= destination && !moving.contains($0) }
    let order = before + moving.sorted() + after
    let elements = order.map { _elements[$0] }
    self = IdentifiedArray(uniqueElements: elements, id: _id)
  }

  /// Sorts the elements in place.
  ///
  /// - Parameter areInIncreasingOrder: The order.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let sorted = try elements.sorted(by: areInIncreasingOrder)
    self = IdentifiedArray(uniqueElements: sorted, id: _id)
  }

  private mutating func reindex(from start: Int) {
    for offset in start..<_ids.count { _index[_ids[offset]] = offset }
  }

  /// This value's stamp: see ``EditJournal``.
  @inlinable var editStamp: UInt64 { _journal.stamp }

  /// Calls `body` with each edit made since the value stamped `earlier`; `false` when they are
  /// not known (see ``EditJournal/forEachEdit(since:_:)``).
  @usableFromInline func forEachEdit(
    since earlier: UInt64, _ body: (ArrayEdit<ID>) -> Void
  ) -> Bool {
    _journal.forEachEdit(since: earlier, body)
  }

  /// The ids that were in the value stamped `earlier` (a former value of this array, see
  /// ``editStamp``) and are not here any more, as the journal tells them; `nil` when it cannot
  /// tell (the array was replaced, rebuilt, or edited more times than it remembers).
  ///
  /// Cheaper than keeping the former ids to compare: that is a retain and a release of them
  /// on every action through a `forEach`, and the stamp is a number (which `forEach` compares
  /// first: most actions leave the collection as it was).
  func ids(removedSince earlier: UInt64) -> [ID]? {
    if earlier == _journal.stamp { return [] }
    var removed: [ID] = []
    let known = _journal.forEachEdit(since: earlier) { edit in
      // An id removed and put back since is still here.
      guard case .removed(let id) = edit, _index[id] == nil, !removed.contains(id) else { return }
      removed.append(id)
    }
    return known ? removed : nil
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array of identifiable elements whose ids are unique.
  ///
  /// - Parameter elements: The elements.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id)
  }

  /// Creates an empty identified array.
  public init() {
    self.init(uniqueElements: [], id: \.id)
  }
}

// The id key path is immutable and only ever read, so it is safe to share alongside sendable
// ids and elements.
extension IdentifiedArray: @unchecked Sendable where ID: Sendable, Element: Sendable {}

/// An ``IdentifiedArray`` of `Identifiable` elements, keyed by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
