/// Takes back one change to a state and keeps every other: the heart of undo that is safe with
/// effects.
///
/// A step records the state before and after it. To undo it on the current state, every field
/// the step changed goes back to its old value, unless something changed that field again since
/// (a later action, an effect): then the later change wins. Fields the step did not touch keep
/// their current value whatever happened to them. Redo is the same with before and after
/// swapped.
///
/// Arrays whose elements are objects with an `id` (identified arrays) are matched by id, so
/// that elements added, removed or changed by other steps are left alone, an element the step
/// added is removed, and one it removed comes back where it was.
enum StatePatch {
  /// The current state with the change `before → after` taken back.
  static func revert(before: StateTree, after: StateTree, current: StateTree) -> StateTree {
    if before == after { return current }
    if current == after { return before }
    switch (before, after, current) {
    case (.object(let b, _), .object(let a, _), _)
    where b.count == 1 && a.count == 1 && b.keys != a.keys:
      // An enum that changed case: one value, taken back only if it is still what the step made.
      return current
    case (.object(let b, let order), .object(let a, _), .object(var c, var currentOrder)):
      for key in order + a.keys.filter({ b[$0] == nil }) {
        switch (b[key], a[key], c[key]) {
        case (let old?, let new?, let now?):
          c[key] = revert(before: old, after: new, current: now)
        case (let old?, nil, nil):
          c[key] = old
          if !currentOrder.contains(key) { currentOrder.append(key) }
        case (nil, let new?, let now?) where now == new:
          c[key] = nil
        default:
          break
        }
      }
      return .object(c, order: currentOrder)
    case (.array(let b), .array(let a), .array(let c)):
      if let merged = revertIdentified(before: b, after: a, current: c) { return .array(merged) }
      guard b.count == a.count, a.count == c.count else { return current }
      return .array(
        (0..<c.count).map { revert(before: b[$0], after: a[$0], current: c[$0]) })
    default:
      // A value the step changed and something changed again since: the later change wins.
      return current
    }
  }

  /// Reverts an array of identified elements by id; `nil` when the elements have no ids.
  private static func revertIdentified(
    before: [StateTree], after: [StateTree], current: [StateTree]
  ) -> [StateTree]? {
    let all = before + after + current
    guard !all.isEmpty, all.allSatisfy({ $0.id != nil }) else { return nil }
    let beforeByID = Dictionary(before.map { ($0.id!.key, $0) }, uniquingKeysWith: { a, _ in a })
    let afterByID = Dictionary(after.map { ($0.id!.key, $0) }, uniquingKeysWith: { a, _ in a })
    var result: [StateTree] = []
    for element in current {
      let id = element.id!.key
      switch (beforeByID[id], afterByID[id]) {
      case (let old?, let new?):
        result.append(revert(before: old, after: new, current: element))
      case (nil, .some):
        continue  // the step added it: take it away
      default:
        result.append(element)
      }
    }
    // Elements the step removed come back after the element that preceded them.
    for (offset, element) in before.enumerated() where afterByID[element.id!.key] == nil {
      guard !result.contains(where: { $0.id == element.id }) else { continue }
      let predecessors = before[..<offset].map { $0.id! }
      let position =
        result.lastIndex { candidate in predecessors.contains(candidate.id!) }.map { $0 + 1 } ?? 0
      result.insert(element, at: position)
    }
    return result
  }
}

extension StateTree {
  /// A hashable rendering, for matching elements by id.
  fileprivate var key: String {
    switch self {
    case .string(let string): "s" + string
    case .number(let number): "n" + number
    case .bool(let bool): bool ? "true" : "false"
    case .null: "null"
    case .array(let elements): "[" + elements.map(\.key).joined(separator: ",") + "]"
    case .object(let members, let order):
      "{"
        + order.compactMap { key in members[key].map { key + ":" + $0.key } }.joined(separator: ",")
        + "}"
    }
  }
}
