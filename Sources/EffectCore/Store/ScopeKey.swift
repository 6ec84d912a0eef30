/// Names one scope of a store: the state path (a key path, or the tag of an enum's case), the
/// child's action type, the shape of the scope, and, for the child stores a store keeps, the case
/// its actions are sent through.
///
/// What a view observes of a scope (whether the child is there, a list's ids) is named without
/// the action case: it is about the state. The store a scope gives is kept under a key that
/// names the case too (``caching(_:)``), so that two scopes of one state through two cases are two
/// stores.
struct ScopeKey: Hashable {
  enum Shape: Hashable {
    case member, optional, presented, enumCase, list, stack
  }

  let shape: Shape
  let state: AnyHashable
  let action: ObjectIdentifier
  private(set) var actionCase: AnyHashable?

  init(_ shape: Shape, state: AnyHashable, action: Any.Type) {
    self.shape = shape
    self.state = state
    self.action = ObjectIdentifier(action)
  }

  /// The key of the store this scope gives through `path`; `nil` when the path cannot be told
  /// from another (one made of closures): such a scope makes a new store each time.
  func caching<Root, Value>(_ path: CasePath<Root, Value>) -> ScopeKey? {
    guard let identity = path.caseIdentity else { return nil }
    var key = self
    key.actionCase = identity
    return key
  }
}

extension CasePath {
  /// What tells this path from another into the same enum: the case a path made with `/` reads,
  /// or the name a composed path carries. `nil` for a path made of closures.
  var caseIdentity: AnyHashable? {
    switch extraction {
    case .payload(_, let candidate): AnyHashable(candidate.tag)
    case .labelled(_, let label): AnyHashable(label())
    case .closure: nil
    }
  }
}
