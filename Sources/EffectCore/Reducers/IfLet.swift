extension Reducer {
  /// Runs a child reducer on optional state while it is present, before this reducer.
  ///
  /// Child actions that arrive while the child state is `nil` are ignored, with a diagnostic in
  /// debug builds. When this reducer sets the child state to `nil`, the child's effects are
  /// cancelled.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.detail, action: /Action.detail) { Detail() }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The optional child state.
  ///   - toChildAction: The case that carries child actions.
  ///   - child: The child reducer.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the child and then this one.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(
      parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
      fileID: fileID, line: line)
  }
}

/// A reducer with an optional child; see ``Reducer/ifLet(_:action:then:fileID:line:)``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: CasePath<Parent.Action, Child.Action>
  let fileID: StaticString
  let line: UInt

  private var tag: [AnyHashable] { [toChildState] }

  /// Runs the child for child actions while it is present, then the parent.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var childEffects = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if state[keyPath: toChildState] != nil {
        let embed = toChildAction.embed
        let effect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
        if effect.isNone {
        } else {
          childEffects = effect.lifted(embed, under: tag, scopingUserIDs: true)
            .tagged(with: .child(tag))
        }
      } else {
        RuntimeWarning.report(
          "An 'ifLet' at \(fileID):\(line) received \(action) while its child state was nil; "
            + "the action was ignored. Make sure the child's effects end when it is dismissed, "
            + "and send child actions only while it is presented.")
      }
    }
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffects = parent.reduce(into: &state, action: action)
    if wasPresent, state[keyPath: toChildState] == nil {
      let tag = self.tag
      return .merge(childEffects, parentEffects, .init(operation: .cancel(.child(tag))))
    }
    return childEffects.merging(parentEffects)
  }
}
