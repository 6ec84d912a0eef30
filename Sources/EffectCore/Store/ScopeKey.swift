/// Names one scope of a store, so that scoping twice the same way gives the same child store:
/// the state path (a key path, or the case of an enum), the child's action type, and the shape
/// of the scope.
struct ScopeKey: Hashable {
  enum Shape: Hashable {
    case member, optional, presented, enumCase, list, stack
  }

  let shape: Shape
  let state: AnyHashable
  let action: ObjectIdentifier

  init(_ shape: Shape, state: AnyHashable, action: Any.Type) {
    self.shape = shape
    self.state = state
    self.action = ObjectIdentifier(action)
  }
}

extension CasePath {
  /// What tells this path from another into the same enum, when that can be known: the case a
  /// path made with `/` reads. `nil` for a path made of closures.
  var caseIdentity: AnyHashable? {
    guard case .payload(_, let candidate) = extraction else { return nil }
    return [AnyHashable(ObjectIdentifier(Root.self)), AnyHashable(candidate.tag)]
  }
}
