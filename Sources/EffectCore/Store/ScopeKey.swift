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
  /// from another (one made of closures): such a scope makes a new store each time, and the
  /// scope at `fileID`:`line` is reported once.
  func caching<Root, Value>(
    _ path: CasePath<Root, Value>, fileID: StaticString, line: UInt
  ) -> ScopeKey? {
    guard let identity = path.caseIdentity else {
      return Self.uncached(fileID: fileID, line: line)
    }
    var key = self
    key.actionCase = identity
    return key
  }

  /// Reports, once for its site, a scope whose store cannot be kept: a path made of closures
  /// cannot be told from another, so that scope makes a new store on every call.
  static func uncached(fileID: StaticString, line: UInt) -> ScopeKey? {
    RuntimeWarning.report(
      once: "scope \(fileID):\(line)",
      """
      A scope at \(fileID):\(line) goes through a case path made of closures, which cannot be \
      told from another: it makes a new child store on every call, so a view that scopes there \
      gets a new store each time it renders and loses the child view's identity. Make the case \
      paths with `/` (`/Action.child`, `/State.child`, or paths composed of those) so that the \
      scope gives the same store while its child lives.
      """)
    return nil
  }
}

extension CasePath {
  /// What tells this path from another into the same enum: the case a path made with `/` reads,
  /// or the name a composed path carries. `nil` for a path made of closures, and for a
  /// composition with one (every such path is labelled alike).
  var caseIdentity: AnyHashable? {
    switch extraction {
    case .payload(_, let candidate): AnyHashable(candidate.tag)
    case .closures(let closures):
      closures.label.flatMap { $0.identifies ? AnyHashable($0.text()) : nil }
    }
  }
}
