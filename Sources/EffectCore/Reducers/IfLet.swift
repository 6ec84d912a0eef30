extension Reducer {
  /// Runs a child reducer on optional state while it is present, before this reducer.
  ///
  /// Child actions that arrive while the child state is `nil` are ignored, with a diagnostic in
  /// debug builds. When this reducer sets the child state to `nil`, the child's effects are
  /// cancelled; so they are when it replaces an `Identifiable` child with one of another id,
  /// as in TCA: the old child's effects never deliver into the new one.
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
  @inlinable
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
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: StatePath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: Parent, child: Child, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CasePath<Parent.Action, Child.Action>, fileID: StaticString, line: UInt
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = StatePath(toChildState)
    self.toChildAction = toChildAction
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child for child actions while it is present, then the parent; ends the child's
  /// effects when the parent removes it or replaces it with a child of another identity.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let before = identity(in: &state)
    var childEffects = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      // Checked before changing anything: an absent child's path is never written to, so a
      // computed property's setter or a property's observers do not run for it.
      if case .present(let id) = before {
        let effect = toChildState.modify(&state) { child.reduce(into: &$0!, action: childAction) }
        if !effect.isNone { childEffects = lift(effect, id: id) }
      } else {
        reportAbsentChild(action)
      }
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    guard case .present(let id) = before, identity(in: &state) != before else {
      return childEffects.merging(parentEffects)
    }
    return .merge(childEffects, parentEffects, .init(operation: .cancel(.child(tag(id)))))
  }

  @inlinable
  func identity(in state: inout Parent.State) -> ChildIdentity {
    toChildState.read(&state) { ChildIdentity.of($0) }
  }

  @usableFromInline
  func tag(_ id: AnyHashable?) -> [AnyHashable] {
    ChildIdentity.tag(at: toChildState.tag, id: id)
  }

  @usableFromInline
  func lift(_ effect: Effect<Child.Action>, id: AnyHashable?) -> Effect<Parent.Action> {
    effect.liftedFromChild(toChildAction.embed, tag: tag(id))
  }

  @usableFromInline
  func reportAbsentChild(_ action: Parent.Action) {
    RuntimeWarning.report(
      "An 'ifLet' at \(fileID):\(line) received \(action) while its child state was nil; "
        + "the action was ignored. Make sure the child's effects end when it is dismissed, "
        + "and send child actions only while it is presented.")
  }
}
