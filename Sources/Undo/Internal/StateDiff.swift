/// Finds what an action changed, walking the states before and after it together and looking
/// only into the parts that differ.
///
/// The two states share the storage of everything the action did not touch, so a part is
/// first compared by its bytes (``BitwiseEquality``): an untouched member, subtree or row costs
/// a `memcmp`, not an encoding. A part whose bytes differ is looked into one level at a time
/// through its `Encodable` conformance (``ShallowEncoder``). Collections of many elements are
/// compared element by element without being encoded: identified ones by id, arrays by
/// position. Changes are recorded at the deepest place the two encodings differ.
struct StateDiff {
  private(set) var changes: [StateChange] = []

  /// The changes that lead from `old` to `new`; empty when they encode the same.
  static func changes<T: Encodable>(from old: T, to new: T) throws -> [StateChange] {
    var diff = StateDiff()
    try diff.compare(old, new, at: [])
    return diff.changes
  }

  mutating func record(_ edit: StateChange.Edit, at path: [StateChange.PathComponent]) {
    changes.append(StateChange(path: path, edit: edit))
  }

  /// Compares two values of one type.
  mutating func compare<T: Encodable>(
    _ old: T, _ new: T, at path: [StateChange.PathComponent]
  ) throws {
    if BitwiseEquality.same(old, new) { return }
    if let collection = old as? any IdentifiedElements {
      try collection.difference(to: new, at: path, into: &self)
      return
    }
    if let collection = old as? any PositionalElements {
      try collection.difference(to: new, at: path, into: &self)
      return
    }
    let oldNode = try ShallowEncoder.encode(old)
    let newNode = try ShallowEncoder.encode(new)
    let first = changes.count
    defer {
      // A repairable value that changed inside is kept whole too, so that undo and redo can
      // tell whether anything changed it since (see `StatePatch`).
      if old is any UndoRepairable, changes.count > first,
        changes.count > first + 1 || changes[first].path != path
      {
        changes.insert(
          StateChange(path: path, edit: .whole(old: .value(old), new: .value(new))), at: first)
      }
    }
    if case .scalar(let a) = oldNode, case .scalar(let b) = newNode {
      // A value that encodes as one primitive (a raw-value enum, a wrapper of a string) is
      // kept typed, so that applying the change hands back the value itself.
      if a != b { record(.replace(old: .value(old), new: .value(new)), at: path) }
      return
    }
    try compare(oldNode, newNode, whole: (.value(old), .value(new)), at: path)
  }

  /// Compares two nodes; `whole` is what a change of the whole place records.
  private mutating func compare(
    _ old: StateNode, _ new: StateNode, whole: (old: StateNode, new: StateNode),
    at path: [StateChange.PathComponent]
  ) throws {
    switch (old, new) {
    case (.value(let a), .value(let b)):
      func open<T: Encodable>(_ a: T) throws {
        if let b = b as? T {
          try compare(a, b, at: path)
        } else {
          try compare(old.expanded(), new.expanded(), whole: whole, at: path)
        }
      }
      try open(a)
    case (.scalar(let a), .scalar(let b)):
      if a != b { record(.replace(old: whole.old, new: whole.new), at: path) }
    case (.keyed(let oldKeys, let oldMembers), .keyed(let newKeys, let newMembers)):
      if oldKeys.count == 1, newKeys.count == 1, oldKeys != newKeys {
        // An enum that changed case: one value, changed as a whole.
        record(.replace(old: whole.old, new: whole.new), at: path)
        return
      }
      let newIndex = KeyIndex(newKeys)
      let oldIndex = KeyIndex(oldKeys)
      for (key, member) in zip(oldKeys, oldMembers) {
        if let index = newIndex[key] {
          try compare(
            member, newMembers[index], whole: (member, newMembers[index]), at: path + [.key(key)])
        } else {
          record(.replace(old: member, new: nil), at: path + [.key(key)])
        }
      }
      for (key, member) in zip(newKeys, newMembers) where oldIndex[key] == nil {
        record(.replace(old: nil, new: member), at: path + [.key(key)])
      }
    case (.unkeyed(let oldElements), .unkeyed(let newElements)):
      guard oldElements.count == newElements.count else {
        record(.replace(old: whole.old, new: whole.new), at: path)
        return
      }
      for (position, (a, b)) in zip(oldElements, newElements).enumerated() {
        try compare(a, b, whole: (a, b), at: path + [.index(position, count: oldElements.count)])
      }
    default:
      if case .value = old {
        try compare(old.expanded(), new, whole: whole, at: path)
      } else if case .value = new {
        try compare(old, new.expanded(), whole: whole, at: path)
      } else {
        record(.replace(old: whole.old, new: whole.new), at: path)
      }
    }
  }
}

/// The positions of a keyed container's members by key: a search for a few members, a
/// dictionary for many (a `[String: Value]` encodes as one keyed container).
struct KeyIndex {
  private let keys: [String]
  private let table: [String: Int]?

  init(_ keys: [String]) {
    self.keys = keys
    table =
      keys.count > 16
      ? Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      : nil
  }

  subscript(key: String) -> Int? {
    if let table { return table[key] }
    return keys.firstIndex(of: key)
  }
}
