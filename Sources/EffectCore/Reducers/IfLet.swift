extension Reducer {
  /// Runs a child reducer on optional state while it is present, before this reducer.
  ///
  /// Child actions that arrive while the child state is `nil` are ignored, with a diagnostic in
  /// debug builds. When the child state becomes `nil`, the child's effects are cancelled; so they
  /// are when the child is replaced with another one, as in TCA (an `Identifiable` child with one
  /// of another id, an enum child with another case, an alert with a new alert): the old
  /// child's effects never deliver into the new one. Whoever removes the child, this reducer or
  /// another one in the same body (before or after this one), its effects end by the first
  /// action this reducer sees once it is gone.
  ///
  /// An alert or dialog (``EphemeralState``), or an enum with one as a case, closes on the first
  /// of its actions, after this reducer has handled it.
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
  public consuming func ifLet<ChildState, ChildAction, Child: Reducer>(
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

extension Reducer {
  /// Shows an alert or a confirmation dialog held in a plain optional, which needs no child
  /// reducer: the first of its actions closes it, after this reducer has handled it.
  ///
  /// ```swift
  /// struct State { var alert: AlertState<Action.Alert>? }
  /// enum Action { case alert(Alert); enum Alert { case confirmDeletion } }
  ///
  /// Reduce { state, action in ... }
  ///   .ifLet(\.alert, action: /Action.alert)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The optional alert or dialog.
  ///   - toChildAction: The case that carries its actions.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs this one and closes the alert on its actions.
  @inlinable
  public consuming func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toChildState,
      toChildAction: toChildAction, fileID: fileID, line: line)
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
    parent: consuming Parent, child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CasePath<Parent.Action, Child.Action>, fileID: StaticString, line: UInt
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = StatePath(toChildState)
    self.toChildAction = toChildAction
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child for child actions while it is present, then the parent; closes an alert
  /// or dialog on its first action; ends the effects of a child that is gone, whoever removed it.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var childEffects = Effect<Parent.Action>.none
    var closing: ChildIdentity?
    if let childAction = toChildAction.extract(from: action) {
      // Checked before changing anything: an absent child's path is never written to, so a
      // computed property's setter or a property's observers do not run for it.
      if toChildState.read(&state, { $0 != nil }) {
        let (effect, closes) = toChildState.modify(&state) { childState in
          (
            child.reduce(into: &childState!, action: childAction),
            ephemeralStateCloses(childState!, on: childAction)
          )
        }
        if !effect.isNone {
          childEffects = lifetime.lift(
            effect, key: identity(in: &state).key, embed: toChildAction.embed)
        }
        if closes { closing = identity(in: &state) }
      } else {
        reportAbsentChild(action)
      }
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    // An alert or dialog closes on its first action, unless the parent showed another meanwhile.
    if let closing, identity(in: &state) == closing {
      toChildState.modify(&state) { $0 = nil }
    }
    return lifetime.ending(
      allBut: { identity(in: &state).keys }, childEffects: childEffects,
      parentEffects: parentEffects)
  }

  @usableFromInline
  var lifetime: ChildLifetime { ChildLifetime(place: toChildState.tag) }

  @inlinable
  func identity(in state: inout Parent.State) -> ChildIdentity {
    toChildState.read(&state) { ChildIdentity.of($0) }
  }

  @usableFromInline
  func reportAbsentChild(_ action: Parent.Action) {
    RuntimeWarning.report(
      "An 'ifLet' at \(fileID):\(line) received \(action) while its child state was nil; "
        + "the action was ignored. Make sure the child's effects end when it is dismissed, "
        + "and send child actions only while it is presented.")
  }
}
