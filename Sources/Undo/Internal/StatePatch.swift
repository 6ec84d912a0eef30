/// Takes back one step's changes from the current state, or does them again, and keeps every
/// other change: the heart of undo that is safe with effects.
///
/// Each change goes back to its old value only where the state still holds the value the step
/// left (`expected`); where something changed that place again since (a later action, an
/// effect), the later change wins. Places the step did not touch keep their current value
/// whatever happened to them. Redo is the same with old and new swapped.
///
/// The patched state is built by decoding it (``PatchDecoder``) from the current state, one
/// level at a time and only along the changed paths: every member off those paths is handed
/// back as the typed value it is, not encoded or decoded. A value rebuilt on the way that
/// conforms to ``UndoRepairable`` is then repaired against its value before the patch.
struct StatePatch {
  let direction: PatchDirection

  /// `value` with `changes` taken back (`.undo`) or done again (`.redo`).
  static func apply<T: Codable>(
    _ changes: [StateChange], to value: T, _ direction: PatchDirection
  ) throws -> T {
    try StatePatch(direction: direction).patch(
      T.self, current: value, encodable: value, trie: PatchTrie(changes), codingPath: [])
  }

  /// A value of type `T` after the changes in `trie`; `encodable` is `current` as `Encodable`.
  func patch<T: Decodable>(
    _ type: T.Type, current: T, encodable: any Encodable, trie: PatchTrie,
    codingPath: [any CodingKey]
  ) throws -> T {
    if let sides = trie.edit?.sides(direction) {
      guard try StateNode.same(.value(encodable), sides.expected), let target = sides.target
      else { return current }
      return try decode(T.self, from: target, trie: nil, codingPath: codingPath)
    }
    guard !trie.isEmpty else { return current }
    if let whole = trie.whole {
      // A repairable value that is still as the step left it goes back as it was: exactly, so
      // that undo and redo in turn give the same values, repairs included.
      let (expected, target) = direction == .undo ? (whole.new, whole.old) : (whole.old, whole.new)
      if try StateNode.same(.value(encodable), expected) {
        return try decode(T.self, from: target, trie: nil, codingPath: codingPath)
      }
    }
    var patched: T
    if let collection = current as? any IdentifiedElements {
      patched = try collection.patched(trie, by: self, codingPath: codingPath) as! T
    } else if let collection = current as? any PositionalElements {
      patched = try collection.patched(trie, by: self, codingPath: codingPath) as! T
    } else {
      let node = try ShallowEncoder.encode(encodable)
      patched = try T(
        from: PatchDecoder(node: node, trie: trie, patch: self, codingPath: codingPath))
    }
    return Self.repair(patched, previous: current)
  }

  /// Decodes a `T` from a node, with the changes in `trie` applied on the way; a typed value
  /// of the right type is handed back as it is.
  func decode<T: Decodable>(
    _ type: T.Type, from node: StateNode, trie: PatchTrie?, codingPath: [any CodingKey]
  ) throws -> T {
    if case .value(let value) = node, let typed = value as? T {
      guard let trie else { return typed }
      return try patch(T.self, current: typed, encodable: value, trie: trie, codingPath: codingPath)
    }
    let patched = try T(
      from: PatchDecoder(node: node, trie: trie, patch: self, codingPath: codingPath))
    guard trie != nil, patched is any UndoRepairable else { return patched }
    let previous = try T(
      from: PatchDecoder(node: node, trie: nil, patch: self, codingPath: codingPath))
    return Self.repair(patched, previous: previous)
  }

  /// What a place holds after an edit of it: the edit's target where the place still holds
  /// what the edit expects, the current node otherwise.
  func resolve(_ current: StateNode?, _ edit: StateChange.Edit) throws -> StateNode? {
    guard let sides = edit.sides(direction) else { return current }
    return try StateNode.same(current, sides.expected) ? sides.target : current
  }

  private static func repair<T>(_ value: T, previous: T) -> T {
    guard let repairable = value as? any UndoRepairable else { return value }
    func open<R: UndoRepairable>(_ value: R) -> T {
      var value = value
      value.repairAfterUndo(from: previous as! R)
      return value as! T
    }
    return open(repairable)
  }
}

/// A step's changes arranged by path, so that one walk down the state applies them all.
final class PatchTrie {
  /// An edit of this place itself.
  private(set) var edit: StateChange.Edit?
  /// The whole value of this place before and after, when it is ``UndoRepairable``.
  private(set) var whole: (old: StateNode, new: StateNode)?
  /// Changes further in, by the path component that leads there.
  private(set) var children: [StateChange.PathComponent: PatchTrie] = [:]
  /// `children`'s components in the order the changes were recorded.
  private(set) var components: [StateChange.PathComponent] = []

  private init() {}

  convenience init(_ changes: [StateChange]) {
    self.init()
    for change in changes {
      var node = self
      for component in change.path {
        if let child = node.children[component] {
          node = child
        } else {
          let child = PatchTrie()
          node.children[component] = child
          node.components.append(component)
          node = child
        }
      }
      if case .whole(let old, let new) = change.edit {
        node.whole = (old, new)
      } else {
        node.edit = change.edit
      }
    }
  }

  /// Whether nothing changes here: a whole value alone is only there to check against.
  var isEmpty: Bool { edit == nil && children.isEmpty }
}
