extension Reducer {
  /// Runs a child reducer on one case of enum state while the state is in that case, before this
  /// reducer.
  ///
  /// Child actions that arrive while the state is in another case are ignored, with a runtime
  /// warning. When the case changes (or, for an `Identifiable` child, the child is replaced with
  /// one of another id), the child's effects are cancelled, whoever changed it: this reducer, or
  /// another one in the same body (their end then comes with the next action this one sees).
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) { LoggedIn() }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The case of this reducer's state that holds the child's.
  ///   - toChildAction: The case that carries child actions.
  ///   - child: The child reducer.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the child and then this one.
  @inlinable
  public consuming func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfCaseLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfCaseLetReducer(
      parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
      fileID: fileID, line: line)
  }
}

/// A reducer with a child in one case of its enum state; see
/// ``Reducer/ifCaseLet(_:action:then:fileID:line:)``.
public struct IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: CaseScope<Parent.State, Child.State>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>

  @inlinable
  init(
    parent: consuming Parent, child: Child, toChildState: CasePath<Parent.State, Child.State>,
    toChildAction: CasePath<Parent.Action, Child.Action>, fileID: StaticString, line: UInt
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = CaseScope(path: toChildState, fileID: fileID, line: line)
    self.toChildAction = toChildAction
  }

  /// Runs the child for child actions while the state is in its case, then the parent; ends the
  /// effects of a child that is gone, whoever changed the case.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var childEffects = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if var childState = toChildState.path.extract(from: state) {
        let effect = child.reduce(into: &childState, action: childAction)
        state = toChildState.path.embed(childState)
        if !effect.isNone {
          childEffects = lifetime.lift(
            effect, key: identity(of: state).key, embed: toChildAction.embed)
        }
      } else {
        reportAbsentChild(action)
      }
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    return lifetime.ending(
      allBut: { identity(of: state).keys }, childEffects: childEffects,
      parentEffects: parentEffects)
  }

  @usableFromInline
  var lifetime: ChildLifetime { ChildLifetime(place: toChildState.tag) }

  @inlinable
  func identity(of state: Parent.State) -> ChildIdentity {
    ChildIdentity.of(toChildState.path.extract(from: state))
  }

  @usableFromInline
  func reportAbsentChild(_ action: Parent.Action) {
    RuntimeWarning.report(
      "An 'ifCaseLet' at \(toChildState.fileID):\(toChildState.line) received \(action) while "
        + "the state was in another case; the action was ignored. Make sure the child's effects "
        + "end when the case changes, and send child actions only while the state is in its "
        + "case.")
  }
}
