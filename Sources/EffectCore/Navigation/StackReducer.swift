extension Reducer {
  /// Runs the elements of a navigation stack: a ``StackState`` of destinations, whose actions
  /// come wrapped in ``StackAction``.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .forEach(\.path, action: /Action.path) { Path() }
  /// ```
  ///
  /// What it does, as TCA's does:
  ///
  /// - `.element(id:action:)` runs the element's reducer first, then this reducer.
  /// - `.popFrom(id:)` runs this reducer first, while the elements are still there to look at,
  ///   then pops the element and every element above it.
  /// - `.push(id:state:)` pushes the element first, then runs this reducer.
  /// - An element's effects end when it leaves the stack, however it leaves: popped by an
  ///   action, removed by this reducer or by another one in the same body (before or after this
  ///   one: then by the next action this one sees), or dismissed by the element itself with
  ///   ``DismissEffect`` (Injection's `@Dependency(\.dismiss)`), which sends `.popFrom(id:)`.
  /// - An action for an id the stack does not hold, or a push of an id it holds, is ignored
  ///   with a runtime warning.
  ///
  /// Ids used inside an element (`.cancellable(id:)`) are the element's own, as in `forEach`
  /// over an identified array.
  ///
  /// - Parameters:
  ///   - toStackState: The stack inside this reducer's state.
  ///   - toStackAction: The case that carries the stack's actions.
  ///   - destination: The element reducer; for several kinds of screens, a reducer over an
  ///     enum that scopes each case (`Scope(state: /State.detail, action: /Action.detail)`).
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the elements and this one.
  @inlinable
  public consuming func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    StackReducer(
      parent: self, destination: destination(), toStackState: toStackState,
      toStackAction: toStackAction, fileID: fileID, line: line)
  }
}

/// A reducer with a navigation stack; see
/// ``Reducer/forEach(_:action:destination:fileID:line:)``.
public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toStackState: StatePath<Parent.State, StackState<Destination.State>>
  @usableFromInline
  let toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: consuming Parent, destination: Destination,
    toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    fileID: StaticString, line: UInt
  ) {
    self.parent = parent
    self.destination = destination
    self.toStackState = StatePath(toStackState)
    self.toStackAction = toStackAction
    self.fileID = fileID
    self.line = line
  }

  /// Runs an element for its actions, pops and pushes around the parent, and ends the effects
  /// of the elements that left the stack.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var elementEffects = Effect<Parent.Action>.none
    let parentEffects: Effect<Parent.Action>
    switch toStackAction.extract(from: action) {
    case .element(let id, let elementAction)?:
      if let effect = reduceElement(id, elementAction, in: &state) {
        if !effect.isNone { elementEffects = lift(effect, id: id) }
      } else {
        report("an action for element \(id), which it does not hold", action)
      }
      parentEffects = parent.reduce(into: &state, action: action)
    case .popFrom(let id)?:
      let holds = toStackState.read(&state) { $0._ids.contains(id) }
      parentEffects = parent.reduce(into: &state, action: action)
      if holds {
        toStackState.modify(&state) { $0.pop(from: id) }
      } else {
        report("'popFrom' for element \(id), which it does not hold", action)
      }
    case .push(let id, let element)?:
      if toStackState.read(&state, { $0._ids.contains(id) }) {
        report("'push' for element \(id), which it already holds", action)
      } else {
        toStackState.modify(&state) { $0.append(element, id: id) }
      }
      parentEffects = parent.reduce(into: &state, action: action)
    case nil:
      parentEffects = parent.reduce(into: &state, action: action)
    }
    return lifetime.ending(
      allBut: { toStackState.read(&state) { $0._ids.map { AnyHashable($0) } } },
      childEffects: elementEffects, parentEffects: parentEffects)
  }

  @usableFromInline
  var lifetime: ChildLifetime { ChildLifetime(place: toStackState.tag) }

  /// Runs the element with `id` in place; `nil` when the stack does not hold it.
  @inlinable
  func reduceElement(
    _ id: StackElementID, _ action: Destination.Action, in state: inout Parent.State
  ) -> Effect<Destination.Action>? {
    toStackState.modify(&state) { stack in
      guard let index = stack.index(id: id) else { return nil }
      return destination.reduce(into: &stack._elements[index], action: action)
    }
  }

  /// Lifts an element's effects, tagged to end with it and marked with the action that pops it.
  @usableFromInline
  func lift(_ effect: Effect<Destination.Action>, id: StackElementID) -> Effect<Parent.Action> {
    // The path itself, no closure of its own: one made with `/` is a few words, copied into
    // the closure that lives as long as the effect.
    let path = toStackAction
    return lifetime.lift(effect, key: id) { path.embed(.element(id: id, action: $0)) }
      .dismissible(by: path.embed(.popFrom(id: id)))
  }

  @usableFromInline
  func report(_ what: String, _ action: Parent.Action) {
    RuntimeWarning.report(
      "A 'forEach' at \(fileID):\(line) received \(what); the action was ignored: \(action). "
        + "An element's effects end when it leaves the stack; send its actions only while it "
        + "is there, and let 'forEach' run before any reducer that pops it.")
  }
}
