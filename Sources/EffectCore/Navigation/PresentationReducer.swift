extension Reducer {
  /// Runs a presented child: a destination held in `@PresentationState`, whose actions come
  /// wrapped in ``PresentationAction``.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.$destination, action: /Action.destination) { Destination() }
  /// ```
  ///
  /// What it does, as TCA's does:
  ///
  /// - `.presented(action)` runs the child first, then this reducer.
  /// - `.dismiss` runs this reducer first, while the child is still there to look at, then sets
  ///   the child's state to `nil` (unless this reducer presented another child meanwhile).
  /// - The child's effects end whenever it goes away: set to `nil` by this reducer or by another
  ///   one in the same body (before or after this one: then by the next action this one sees),
  ///   dismissed with `.dismiss`, dismissed by the child itself, or replaced by a child of
  ///   another identity (another enum case, or another id of an `Identifiable` state).
  /// - The child, and every effect it returns, can dismiss itself with ``DismissEffect``
  ///   (Injection's `@Dependency(\.dismiss)`), which sends `.dismiss` for it. A child that
  ///   dismissed itself never sends again.
  /// - An alert or dialog (``EphemeralState``), directly or as one case of an enum destination,
  ///   is dismissed by the first of its actions.
  /// - An action for a child that is not presented is ignored, with a runtime warning.
  ///
  /// - Parameters:
  ///   - toPresentationState: The projection of the `@PresentationState` property
  ///     (`\.$destination`).
  ///   - toPresentationAction: The case that carries the child's presentation actions.
  ///   - destination: The child reducer.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the child and this one.
  @inlinable
  public consuming func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    PresentationReducer(
      parent: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction, fileID: fileID, line: line)
  }

  /// Presents an alert or a confirmation dialog, which needs no child reducer: the first of its
  /// actions dismisses it, after this reducer has handled it.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .deleteTapped:
  ///     state.alert = AlertState { TextState("Delete?") } actions: {
  ///       ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  ///     }
  ///     return .none
  ///   case .alert(.presented(.confirmDeletion)):
  ///     state.items.removeAll()   // the alert is dismissed after this
  ///     return .none
  ///   case .alert:
  ///     return .none
  ///   }
  /// }
  /// .ifLet(\.$alert, action: /Action.alert)
  /// ```
  ///
  /// - Parameters:
  ///   - toPresentationState: The projection of the `@PresentationState` property (`\.$alert`).
  ///   - toPresentationAction: The case that carries the alert's presentation actions.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs this one and dismisses the alert on its actions.
  @inlinable
  public consuming func ifLet<DestinationState: EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    PresentationReducer(
      parent: self, destination: EmptyReducer(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction, fileID: fileID, line: line)
  }
}

/// A reducer with a presented child; see
/// ``Reducer/ifLet(_:action:destination:fileID:line:)``.
public struct PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline
  let toPresentationState: StatePath<Parent.State, PresentationState<Destination.State>>
  @usableFromInline
  let toPresentationAction: CasePath<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: consuming Parent, destination: Destination,
    toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>,
    toPresentationAction: CasePath<Parent.Action, PresentationAction<Destination.Action>>,
    fileID: StaticString, line: UInt
  ) {
    self.parent = parent
    self.destination = destination
    self.toPresentationState = StatePath(toPresentationState)
    self.toPresentationAction = toPresentationAction
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child for its actions while it is presented, then the parent; dismisses the child
  /// on `.dismiss` and on an alert's action; ends the effects of a child that is gone, whoever
  /// removed it.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var destinationEffects = Effect<Parent.Action>.none
    var dismissing: ChildIdentity?
    let presentationAction = toPresentationAction.extract(from: action)
    if presentationAction != nil { ChildLifetime.presentationActionHandled() }
    switch presentationAction {
    case .presented(let destinationAction)?:
      // Checked before changing anything: an absent child's path is never written to.
      guard case .present(let id) = identity(in: &state) else {
        reportAbsentDestination(action)
        break
      }
      let (effect, closes) = reduceDestination(in: &state, destinationAction)
      if !effect.isNone { destinationEffects = lift(effect, id: id) }
      if closes { dismissing = .present(id) }
    case .dismiss?:
      let presented = identity(in: &state)
      guard case .present = presented else {
        reportAbsentDestination(action)
        break
      }
      dismissing = presented
    case nil:
      break
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    // Dismissed, unless the parent presented another child meanwhile.
    if let dismissing, identity(in: &state) == dismissing {
      toPresentationState.modify(&state) { $0.wrappedValue = nil }
    }
    return lifetime.ending(
      allBut: { identity(in: &state).keys }, childEffects: destinationEffects,
      parentEffects: parentEffects)
  }

  @usableFromInline
  var lifetime: ChildLifetime { ChildLifetime(place: toPresentationState.tag) }

  /// Runs the child on its state, which it holds alone; says whether the action closes it (an
  /// alert's).
  @inlinable
  func reduceDestination(
    in state: inout Parent.State, _ action: Destination.Action
  ) -> (Effect<Destination.Action>, closes: Bool) {
    toPresentationState.modifyAlone(&state, placeholder: PresentationState(wrappedValue: nil)) {
      presentation in
      let closes = ephemeralStateCloses(presentation.wrappedValue!, on: action)
      return (destination.reduce(into: &presentation.wrappedValue!, action: action), closes)
    }
  }

  @inlinable
  func identity(in state: inout Parent.State) -> ChildIdentity {
    toPresentationState.read(&state) { ChildIdentity.of($0.wrappedValue) }
  }

  /// Lifts the child's effects, tagged to end with it and marked with the action that dismisses
  /// it.
  @usableFromInline
  func lift(_ effect: Effect<Destination.Action>, id: AnyHashable?) -> Effect<Parent.Action> {
    // The path itself, no closure of its own: one made with `/` is a few words, copied into
    // the closure that lives as long as the effect.
    let path = toPresentationAction
    return lifetime.lift(effect, key: id) { path.embed(.presented($0)) }
      .dismissible(by: path.embed(.dismiss))
  }

  @usableFromInline
  func reportAbsentDestination(_ action: Parent.Action) {
    RuntimeWarning.report(
      "An 'ifLet' at \(fileID):\(line) received \(action) while nothing was presented; the "
        + "action was ignored. A presented child's effects end when it is dismissed; send its "
        + "actions only while it is presented, and let 'ifLet' run before any reducer that "
        + "dismisses it.")
  }
}
