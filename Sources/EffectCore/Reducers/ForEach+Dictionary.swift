extension Reducer {
  /// Runs an element reducer on each value of a dictionary, before this reducer.
  ///
  /// Element actions carry the value's key. An action for a key that is not in the dictionary is
  /// ignored, with a diagnostic in debug builds. When this reducer removes a key, that value's
  /// effects are cancelled, and the effect ids used inside an element are its own.
  ///
  /// ```swift
  /// enum Action { case players(key: String, action: Player.Action) }
  ///
  /// Reduce { state, action in ... }
  ///   .forEach(\.players, action: /Action.players) { Player() }
  /// ```
  ///
  /// - Parameters:
  ///   - toElements: The dictionary inside this reducer's state.
  ///   - toElementAction: The case that carries a key and an element action.
  ///   - makeContext: Makes an element's context from its key, or `nil` for none; see
  ///     ``forEach(_:action:context:element:fileID:line:)``.
  ///   - element: The element reducer.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the element reducer and then this one.
  public consuming func forEach<
    Key: Hashable & Sendable, ElementState, ElementAction, Element: Reducer
  >(
    _ toElements: WritableKeyPath<State, [Key: ElementState]>,
    action toElementAction: CasePath<Action, (Key, ElementAction)>,
    context makeContext: (@Sendable (Key) -> any ReducerContext)? = nil,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachDictionaryReducer<Self, Key, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachDictionaryReducer(
      parent: self, element: element(), toElements: toElements, toElementAction: toElementAction,
      elementContext: makeContext, fileID: fileID, line: line)
  }
}

/// A reducer with a dictionary of children; see `Reducer.forEach(_:action:context:element:)`.
public struct ForEachDictionaryReducer<Parent: Reducer, Key: Hashable & Sendable, Element: Reducer>:
  Reducer
{
  let parent: Parent
  let element: Element
  let toElements: WritableKeyPath<Parent.State, [Key: Element.State]>
  let toElementAction: CasePath<Parent.Action, (Key, Element.Action)>
  let elementContext: (@Sendable (Key) -> any ReducerContext)?
  let fileID: StaticString
  let line: UInt

  /// Runs the element reducer for element actions, then the parent; cancels the effects of
  /// removed keys.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var elementEffects = Effect<Parent.Action>.none
    if let (key, elementAction) = toElementAction.extract(from: action) {
      elementEffects = reduceElement(key, elementAction, in: &state[keyPath: toElements], action)
    }
    let before = state[keyPath: toElements]
    let parentEffects = parent.reduce(into: &state, action: action)
    let after = state[keyPath: toElements]
    // Equal keys of the same storage compare without a walk.
    guard before.keys != after.keys else { return elementEffects.merging(parentEffects) }
    let cancellations = before.keys.filter { after[$0] == nil }.map {
      Effect<Parent.Action>(operation: .cancel(.child(tag(for: $0))))
    }
    return .merge([elementEffects, parentEffects] + cancellations)
  }

  private func tag(for key: Key) -> [AnyHashable] {
    [toElements, key]
  }

  private func reduceElement(
    _ key: Key, _ elementAction: Element.Action, in elements: inout [Key: Element.State],
    _ action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard elements[key] != nil else {
      RuntimeWarning.report(
        "A 'forEach' at \(fileID):\(line) received \(action) for key \(key), which is not in "
          + "the dictionary; the action was ignored. Make sure an element's effects end when it "
          + "is removed.")
      return .none
    }
    let context = elementContext?(key)
    let effect: Effect<Element.Action>
    if let context {
      effect = context.withContext { element.reduce(into: &elements[key]!, action: elementAction) }
        .withContext(context)
    } else {
      effect = element.reduce(into: &elements[key]!, action: elementAction)
    }
    if effect.isNone { return .none }
    let tag = tag(for: key)
    let toElementAction = self.toElementAction
    return effect.liftedFromChild({ toElementAction.embed((key, $0)) }, tag: tag)
  }
}
