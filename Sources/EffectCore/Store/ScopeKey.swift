/// Names one scope of a store, so that scoping twice the same way gives the same child store:
/// the state path (a key path, or the tag of an enum's case), the child's action type, and the shape
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
