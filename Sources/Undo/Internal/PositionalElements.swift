/// An array compared and patched element by element, without encoding the elements an action
/// did not touch.
///
/// An array whose length the step kept is patched by position, while it still has that
/// length. One whose length the step changed is recorded whole (before and after) and goes
/// back whole, only while nothing has changed it since.
protocol PositionalElements {
  associatedtype Element: Codable
  var positionalElements: [Element] { get }
  init(positionalElements: [Element])
}

extension Array: PositionalElements where Element: Codable {
  var positionalElements: [Element] { self }
  init(positionalElements: [Element]) { self = positionalElements }
}

extension PositionalElements {
  /// Records the changes from `self` to `other` (of type `Self`).
  func difference(
    to other: Any, at path: [StateChange.PathComponent], into diff: inout StateDiff
  ) throws {
    let old = positionalElements
    let new = (other as! Self).positionalElements
    guard old.count == new.count else {
      diff.record(.replace(old: .value(old), new: .value(new)), at: path)
      return
    }
    for position in BitwiseEquality.differingPositions(old, new) {
      try diff.compare(
        old[position], new[position], at: path + [.index(position, count: old.count)])
    }
  }

  /// `self` with the changes in `trie` applied, position by position.
  func patched(
    _ trie: PatchTrie, by patch: StatePatch, codingPath: [any CodingKey]
  ) throws -> Self {
    var elements = positionalElements
    for component in trie.components {
      guard case .index(let position, let count) = component, count == elements.count,
        let child = trie.children[component]
      else { continue }
      let element = elements[position]
      elements[position] = try patch.patch(
        Element.self, current: element, encodable: element, trie: child,
        codingPath: codingPath + [PositionKey(position)])
    }
    return Self(positionalElements: elements)
  }
}
