extension Reducer {
  /// Runs an element reducer on each element of an identified collection, before this reducer.
  ///
  /// Element actions carry the element's id. An action for an id that is not in the collection
  /// is ignored, with a diagnostic in debug builds. When this reducer removes an element, that
  /// element's effects are cancelled.
  ///
  /// ```swift
  /// enum Action { case rows(id: Row.State.ID, action: Row.Action) }
  ///
  /// Reduce { state, action in ... }
  ///   .forEach(\.rows, action: /Action.rows) { Row() }
  /// ```
  ///
  /// - Parameters:
  ///   - toElements: The collection inside this reducer's state.
  ///   - toElementAction: The case that carries an element id and an element action.
  ///   - element: The element reducer.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the element reducer and then this one.
  @inlinable
  public consuming func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements, toElementAction: toElementAction,
      elementContext: nil, fileID: fileID, line: line)
  }

  /// Runs an element reducer on each element of an identified collection, each inside a
  /// context made from its id: around its `reduce` call and around all of its effects.
  ///
  /// This is how modules give every element something of its own, such as a namespace for its
  /// effect ids (EffectIdentifier's `forEachNamespaced` is built on it):
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .forEach(\.rows, action: /Action.rows, context: { id in Tenant(name: "row \(id)") }) {
  ///     Row()
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toElements: The collection inside this reducer's state.
  ///   - toElementAction: The case that carries an element id and an element action.
  ///   - makeContext: Makes an element's context from its id.
  ///   - element: The element reducer.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the element reducer and then this one.
  @inlinable
  public consuming func forEach<
    ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer,
    Context: ReducerContext
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, (ID, ElementAction)>,
    context makeContext: @escaping @Sendable (ID) -> Context,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements, toElementAction: toElementAction,
      elementContext: makeContext, fileID: fileID, line: line)
  }
}

/// A reducer with a collection of children; see
/// ``Reducer/forEach(_:action:element:fileID:line:)``.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline
  let toElements: StatePath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: CasePath<Parent.Action, (ID, Element.Action)>
  @usableFromInline let elementContext: (@Sendable (ID) -> any ReducerContext)?
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    parent: consuming Parent, element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CasePath<Parent.Action, (ID, Element.Action)>,
    elementContext: (@Sendable (ID) -> any ReducerContext)?,
    fileID: StaticString, line: UInt
  ) {
    self.parent = parent
    self.element = element
    self.toElements = StatePath(toElements)
    self.toElementAction = toElementAction
    self.elementContext = elementContext
    self.fileID = fileID
    self.line = line
  }

  /// Runs the element reducer for element actions, then the parent; cancels the effects of
  /// removed elements.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var elementEffects = Effect<Parent.Action>.none
    // The collection's stamp when the parent starts: its journal then says which elements the
    // parent removed (see `IdentifiedArray.ids(removedSince:)`).
    let stampBefore: UInt64
    if let (id, elementAction) = toElementAction.extract(from: action) {
      // One access to the collection reduces the element and notes the stamp: every key path
      // projection counts on this path.
      (elementEffects, stampBefore) = toElements.modify(&state) {
        (reduceElement(id, elementAction, in: &$0, action: action), $0.editStamp)
      }
    } else {
      stampBefore = toElements.read(&state) { $0.editStamp }
    }
    let effects = elementEffects.merging(parent.reduce(into: &state, action: action))
    // Nothing was removed when the parent left the collection as it was.
    if toElements.read(&state, { $0.editStamp }) == stampBefore { return effects }
    return endingRemoved(since: stampBefore, in: &state, after: effects)
  }

  /// `effects`, and the end of the effects of the elements the parent removed from the
  /// collection stamped `stamp`; when the collection cannot tell which (it was replaced or
  /// rebuilt), of those of every element that is not in it now.
  @usableFromInline
  func endingRemoved(
    since stamp: UInt64, in state: inout Parent.State, after effects: Effect<Parent.Action>
  ) -> Effect<Parent.Action> {
    let (removed, keeping) = toElements.read(&state) { elements in
      let removed = elements.ids(removedSince: stamp)
      return (removed, removed == nil ? Set(elements._ids.map { AnyHashable($0) }) : [])
    }
    guard let removed else {
      return .merge([
        effects, Effect(operation: .cancel(.elements(of: [toElements.tag], keeping: keeping))),
      ])
    }
    if removed.isEmpty { return effects }
    return .merge([effects] + removed.map { Effect(operation: .cancel(.child(tag(for: $0)))) })
  }

  @usableFromInline
  func tag(for id: ID) -> [AnyHashable] {
    [toElements.tag, id]
  }

  @inlinable @inline(__always)
  func reduceElement(
    _ id: ID, _ elementAction: Element.Action,
    in elements: inout IdentifiedArray<ID, Element.State>, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let index = elements._index[id] else {
      RuntimeWarning.report(
        "A 'forEach' at \(fileID):\(line) received \(action) for id \(id), which is not in the "
          + "collection; the action was ignored. Make sure a row's effects end when it is removed.")
      return .none
    }
    // The row's views learn of the change through the array's journal.
    elements._journal.record(.element(id))
    guard let elementContext else {
      let effect = element.reduce(into: &elements._elements[index], action: elementAction)
      if effect.isNone { return .none }
      return lift(effect, id: id)
    }
    let context = elementContext(id)
    let effect = context.withContext {
      element.reduce(into: &elements._elements[index], action: elementAction)
    }
    if effect.isNone { return .none }
    return lift(effect.withContext(context), id: id)
  }

  @usableFromInline
  func lift(_ effect: Effect<Element.Action>, id: ID) -> Effect<Parent.Action> {
    let tag = tag(for: id)
    // The path itself, no closure of its own: one made with `/` is a few words, copied into
    // the closure that lives as long as the effect.
    let path = toElementAction
    return effect.liftedFromChild({ path.embed((id, $0)) }, tag: tag)
  }
}
