/// The screens of a navigation stack, as state: an ordered list of elements, each with a
/// ``StackElementID`` that the stack gives it when it is added.
///
/// A feature that pushes screens keeps a stack of its destinations, and runs them with
/// `forEach`:
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
///   case showDetail
/// }
/// var body: some Reducer<State, Action> {
///   Reduce { state, action in
///     if case .showDetail = action { state.path.append(.detail(Detail.State())) }
///     return .none
///   }
///   .forEach(\.path, action: /Action.path) { Path() }
/// }
/// ```
///
/// It is a random-access, range-replaceable collection of its elements: `append`, `removeLast`,
/// `removeAll` and the rest give new elements new ids and drop the ids of removed ones. An
/// element is found by id with ``subscript(id:)``. Ids are numbers, counted per stack from 0 and
/// never reused (see ``StackElementID``), so they are the same in every run of a test.
///
/// Equality, hashing, coding and dumps see the elements and their ids; coding keeps only the
/// elements, which get fresh ids when decoded.
public struct StackState<Element> {
  @usableFromInline var _ids: [StackElementID]
  @usableFromInline var _elements: [Element]
  /// The number the next added element gets.
  @usableFromInline var nextGeneration: Int

  /// An empty stack, whose first element gets id 0.
  public init() {
    _ids = []
    _elements = []
    nextGeneration = 0
  }

  /// The ids of the elements, bottom first.
  ///
  /// ```swift
  /// for (id, element) in zip(state.path.ids, state.path) where element.isDeleted {
  ///   state.path.pop(from: id)
  ///   break
  /// }
  /// ```
  public var ids: [StackElementID] { _ids }

  /// The id the next added element gets: what a view sends with `.push(id:state:)`.
  public var nextID: StackElementID { StackElementID(generation: nextGeneration) }

  /// The element with an id.
  ///
  /// Reading a missing id gives `nil`. Setting `nil` removes that element only; setting an
  /// element for an id the stack does not hold adds it on top under that id, as a push does.
  ///
  /// ```swift
  /// state.path[id: 0] = .detail(Detail.State(title: "Morning"))
  /// ```
  ///
  /// - Parameter id: The element's id.
  public subscript(id id: StackElementID) -> Element? {
    get { index(id: id).map { _elements[$0] } }
    _modify {
      guard let index = index(id: id) else {
        var added: Element?
        defer { if let added { append(added, id: id) } }
        yield &added
        return
      }
      var element: Element? = _elements[index]
      // The element is changed in place unless the caller removes it: a `nil` removes it.
      yield &element
      if let element {
        _elements[index] = element
      } else {
        remove(at: index)
      }
    }
  }

  /// Reads or changes an element in one case of an enum destination.
  ///
  /// ```swift
  /// state.path[id: 0, case: /Path.State.detail]?.title = "Morning"
  /// ```
  ///
  /// Reading another case gives `nil`. Setting a value while the element is in another case (or
  /// missing) changes nothing and reports a runtime warning; setting `nil` changes nothing.
  ///
  /// - Parameters:
  ///   - id: The element's id.
  ///   - path: The element's case.
  ///   - fileID: Where the subscript is used, for the warning.
  ///   - line: Where the subscript is used, for the warning.
  public subscript<Case>(
    id id: StackElementID, case path: CasePath<Element, Case>,
    fileID fileID: StaticString = #fileID, line line: UInt = #line
  ) -> Case? {
    get { self[id: id].flatMap(path.extract(from:)) }
    set {
      guard let newValue else { return }
      guard let index = index(id: id), path.extract(from: _elements[index]) != nil else {
        RuntimeWarning.report(
          "A write to a case of stack element \(id) at \(fileID):\(line) found the element "
            + "\(index(id: id) == nil ? "missing" : "in another case"); nothing was changed.")
        return
      }
      _elements[index] = path.embed(newValue)
    }
  }

  /// Pops the element with an id and every element above it.
  ///
  /// - Parameter id: The lowest element to pop; nothing happens if the stack does not hold it.
  public mutating func pop(from id: StackElementID) {
    guard let index = index(id: id) else { return }
    removeSubrange(index...)
  }

  /// Pops every element above the one with an id.
  ///
  /// - Parameter id: The element to keep on top; nothing happens if the stack does not hold it.
  public mutating func pop(to id: StackElementID) {
    guard let index = index(id: id) else { return }
    removeSubrange((index + 1)...)
  }

  /// Where the element with an id is. A stack is as deep as a user navigates, so a search from
  /// the top (where most actions go) is all it needs.
  @usableFromInline
  func index(id: StackElementID) -> Int? {
    _ids.lastIndex(of: id)
  }

  /// Puts an element on top under a given id, which the stack does not hold, and counts on from
  /// it: what `.push(id:state:)` does.
  @usableFromInline
  mutating func append(_ element: Element, id: StackElementID) {
    _ids.append(id)
    _elements.append(element)
    nextGeneration = Swift.max(nextGeneration, id.generation + 1)
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection {
  /// The position of the bottom element.
  public var startIndex: Int { 0 }

  /// The position after the top element.
  public var endIndex: Int { _elements.count }

  /// The element at a position, counted from the bottom.
  ///
  /// - Parameter position: The position.
  public subscript(position: Int) -> Element { _elements[position] }

  /// Replaces elements: the new ones get new ids, the replaced ones' ids are gone.
  ///
  /// - Parameters:
  ///   - subrange: The positions to replace.
  ///   - newElements: The elements to put there.
  public mutating func replaceSubrange<C: Collection<Element>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    let first = nextGeneration
    nextGeneration += newElements.count
    _ids.replaceSubrange(
      subrange, with: (first..<nextGeneration).map { StackElementID(generation: $0) })
    _elements.replaceSubrange(subrange, with: newElements)
  }

  /// Removes every element; the ids go on counting from where they were.
  ///
  /// - Parameter keepCapacity: Whether to keep the storage for as many elements.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    _ids.removeAll(keepingCapacity: keepCapacity)
    _elements.removeAll(keepingCapacity: keepCapacity)
  }

  /// Removes the elements that match a predicate; the others keep their ids.
  ///
  /// - Parameter shouldBeRemoved: Returns `true` for the elements to remove.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var ids: [StackElementID] = []
    var elements: [Element] = []
    for (id, element) in zip(_ids, _elements) where try !shouldBeRemoved(element) {
      ids.append(id)
      elements.append(element)
    }
    _ids = ids
    _elements = elements
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Equal when they hold equal elements under the same ids, in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._ids == rhs._ids && lhs._elements == rhs._elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and elements.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_ids)
    hasher.combine(_elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Decodable where Element: Decodable {
  /// Decodes a list of elements, which get ids 0, 1, ….
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements as a list, without their ids.
  public func encode(to encoder: any Encoder) throws {
    try _elements.encode(to: encoder)
  }
}

extension StackState: CustomReflectable {
  /// Reflects as the list of elements, each labelled with its id: `#0`, `#1`, ….
  public var customMirror: Mirror {
    Mirror(
      self,
      children: zip(_ids, _elements).map { (label: Optional($0.description), value: $1 as Any) },
      displayStyle: .collection)
  }
}
