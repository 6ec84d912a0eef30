@_spi(Storage) import EffectCore

/// A collection whose elements have ids (`IdentifiedArray`, an array of `Identifiable` values):
/// compared and patched by id, without encoding the elements an action did not touch.
///
/// An element the step edited is patched like any value, wherever it has moved since. One the
/// step added is taken away on undo; one it removed comes back where it stood (after the
/// element that preceded it). Elements added, removed or edited by later changes are left
/// alone. A step that reordered the elements puts the order back while the elements it
/// reordered are still in the order it left them.
protocol IdentifiedElements {
  associatedtype ElementID: Hashable
  associatedtype Element: Codable

  var elementIDs: [ElementID] { get }
  func element(at position: Int) -> Element
  /// The positions at which `other`, holding the same ids in the same order, may hold other
  /// elements: those whose value bytes differ.
  func differingPositions(in other: Self) -> [Int]
  func position(of id: ElementID) -> Int?
  mutating func replaceElement(at position: Int, with element: Element)
  mutating func insertElement(_ element: Element, at position: Int)
  mutating func removeElement(at position: Int)
  /// Puts the elements in the order of `ids`, which lists every element.
  mutating func reorder(as ids: [ElementID])
}

extension IdentifiedArray: IdentifiedElements where Element: Codable {
  var elementIDs: [ID] { ids }
  func element(at position: Int) -> Element { self[position] }
  /// Chunk by chunk: the chunks both still share are skipped without looking at their elements.
  func differingPositions(in other: Self) -> [Int] {
    let (old, new) = (elementChunks, other.elementChunks)
    precondition(old.count == new.count)
    let size = old.first?.count ?? 0
    var positions: [Int] = []
    for chunk in BitwiseEquality.differingWords(old, new) {
      for position in BitwiseEquality.differingPositions(old[chunk], new[chunk]) {
        positions.append(chunk * size + position)
      }
    }
    return positions
  }
  func position(of id: ID) -> Int? { index(id: id) }
  mutating func replaceElement(at position: Int, with element: Element) {
    self[id: ids[position]] = element
  }
  mutating func insertElement(_ element: Element, at position: Int) {
    insert(element, at: position)
  }
  mutating func removeElement(at position: Int) { remove(at: position) }
  mutating func reorder(as ids: [ID]) {
    let ordered = ids.compactMap { self[id: $0] }
    removeAll()
    for element in ordered { append(element) }
  }
}

extension Array: IdentifiedElements where Element: Identifiable & Codable {
  var elementIDs: [Element.ID] { map(\.id) }
  func element(at position: Int) -> Element { self[position] }
  func differingPositions(in other: Self) -> [Int] {
    BitwiseEquality.differingPositions(self, other)
  }
  func position(of id: Element.ID) -> Int? { firstIndex { $0.id == id } }
  mutating func replaceElement(at position: Int, with element: Element) { self[position] = element }
  mutating func insertElement(_ element: Element, at position: Int) {
    insert(element, at: position)
  }
  mutating func removeElement(at position: Int) { remove(at: position) }
  mutating func reorder(as ids: [Element.ID]) {
    let byID = Dictionary(map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self = ids.compactMap { byID[$0] }
  }
}

extension IdentifiedElements {
  /// Records the changes from `self` to `other` (of type `Self`).
  func difference(
    to other: Any, at path: [StateChange.PathComponent], into diff: inout StateDiff
  ) throws {
    let new = other as! Self
    let oldIDs = elementIDs
    let newIDs = new.elementIDs
    if BitwiseEquality.shareStorage(oldIDs, newIDs) || oldIDs == newIDs {
      for position in differingPositions(in: new) {
        try diff.compare(
          element(at: position), new.element(at: position),
          at: path + [.element(AnyHashable(oldIDs[position]))])
      }
      return
    }
    let newPositions = Self.positions(newIDs)
    let oldPositions = Self.positions(oldIDs)
    var oldKept: [ElementID] = []
    for (position, id) in oldIDs.enumerated() {
      if let newPosition = newPositions[id] {
        oldKept.append(id)
        let (a, b) = (element(at: position), new.element(at: newPosition))
        if !BitwiseEquality.same(a, b) {
          try diff.compare(a, b, at: path + [.element(AnyHashable(id))])
        }
      } else {
        diff.record(
          .element(
            old: .value(element(at: position)), new: nil, place: Self.place(position, oldIDs)),
          at: path + [.element(AnyHashable(id))])
      }
    }
    var newKept: [ElementID] = []
    for (position, id) in newIDs.enumerated() {
      if oldPositions[id] == nil {
        diff.record(
          .element(
            old: nil, new: .value(new.element(at: position)), place: Self.place(position, newIDs)),
          at: path + [.element(AnyHashable(id))])
      } else {
        newKept.append(id)
      }
    }
    if oldKept != newKept {
      diff.record(
        .order(old: oldKept.map { AnyHashable($0) }, new: newKept.map { AnyHashable($0) }), at: path
      )
    }
  }

  private static func positions(_ ids: [ElementID]) -> [ElementID: Int] {
    Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  }

  private static func place(_ position: Int, _ ids: [ElementID]) -> StateChange.Place {
    StateChange.Place(
      index: position,
      predecessor: position > 0 ? AnyHashable(ids[position - 1]) : nil,
      successor: position + 1 < ids.count ? AnyHashable(ids[position + 1]) : nil)
  }

  /// `self` with the changes in `trie` applied: removals and edits, then the order, then the
  /// elements that come back.
  func patched(
    _ trie: PatchTrie, by patch: StatePatch, codingPath: [any CodingKey]
  ) throws -> Self {
    var result = self
    var comebacks: [(node: StateNode, place: StateChange.Place)] = []
    for component in trie.components {
      guard case .element(let key) = component, let id = key.base as? ElementID,
        let child = trie.children[component]
      else { continue }
      if let edit = child.edit, case .element(_, _, let place) = edit,
        let sides = edit.sides(patch.direction)
      {
        if let target = sides.target {
          if result.position(of: id) == nil { comebacks.append((target, place)) }
        } else if let position = result.position(of: id) {
          result.removeElement(at: position)
        }
      } else if let position = result.position(of: id) {
        let element = result.element(at: position)
        let patched = try patch.patch(
          Element.self, current: element, encodable: element, trie: child,
          codingPath: codingPath + [PositionKey(position)])
        result.replaceElement(at: position, with: patched)
      }
    }
    if case .order(let old, let new) = trie.edit {
      result.restoreOrder(
        expected: patch.direction == .undo ? new : old,
        target: patch.direction == .undo ? old : new)
    }
    for comeback in comebacks {
      let element = try patch.decode(
        Element.self, from: comeback.node, trie: nil, codingPath: codingPath)
      result.insertElement(element, at: result.position(for: comeback.place))
    }
    return result
  }

  /// Reorders the elements listed in `expected` as `target` lists them, when they are still in
  /// the order `expected` gives; the other elements keep their places.
  private mutating func restoreOrder(expected: [AnyHashable], target: [AnyHashable]) {
    let listed = Set(expected)
    let ids = elementIDs
    let kept = ids.filter { listed.contains(AnyHashable($0)) }.map { AnyHashable($0) }
    guard kept == expected else { return }
    var next = target.compactMap { $0.base as? ElementID }.makeIterator()
    reorder(as: ids.map { listed.contains(AnyHashable($0)) ? next.next() ?? $0 : $0 })
  }

  /// Where an element that stood at `place` goes back: after its predecessor, before its
  /// successor, or at its old position.
  private func position(for place: StateChange.Place) -> Int {
    if let id = place.predecessor?.base as? ElementID, let position = position(of: id) {
      return position + 1
    }
    if let id = place.successor?.base as? ElementID, let position = position(of: id) {
      return position
    }
    return Swift.min(place.index, elementIDs.count)
  }
}
