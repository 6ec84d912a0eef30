extension Reducer {
  /// Runs an element reducer on each element of an identified collection, each in a namespace of
  /// its own: the element's id, tagged with the collection.
  ///
  /// The element feature declares its effect ids with `@EffectID` and never sees an id of its
  /// own; rows never cancel each other's effects, and two collections with the same ids never
  /// collide. Removing an element cancels its effects; an action for a missing element is
  /// ignored with a debug diagnostic.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .forEachNamespaced(\.timers, action: /Action.timers) { LonelyTimer() }
  /// ```
  ///
  /// - Parameters:
  ///   - toElements: The collection inside this reducer's state.
  ///   - toElementAction: The case that carries an element id and an element action.
  ///   - element: The element reducer.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the namespaced element reducer and then this one.
  @inlinable
  public consuming func forEachNamespaced<
    ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    let collection = CollectionTag(toElements)
    return forEach(
      toElements, action: toElementAction,
      context: { NamespaceContext(ElementNamespace(collection: collection, id: $0)) },
      element: element, fileID: fileID, line: line)
  }

  /// Runs an element reducer on each value of a dictionary, each in a namespace of its own: the
  /// value's key, tagged with the dictionary.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .forEachNamespaced(\.timersByName, action: /Action.timers) { LonelyTimer() }
  /// ```
  ///
  /// - Parameters:
  ///   - toElements: The dictionary inside this reducer's state.
  ///   - toElementAction: The case that carries a key and an element action.
  ///   - element: The element reducer.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the namespaced element reducer and then this one.
  @inlinable
  public consuming func forEachNamespaced<
    Key: Hashable & Sendable, ElementState, ElementAction, Element: Reducer
  >(
    _ toElements: WritableKeyPath<State, [Key: ElementState]>,
    action toElementAction: CasePath<Action, (Key, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachDictionaryReducer<Self, Key, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    let collection = CollectionTag(toElements)
    return forEach(
      toElements, action: toElementAction,
      context: { NamespaceContext(ElementNamespace(collection: collection, id: $0)) },
      element: element, fileID: fileID, line: line)
  }

  /// Runs an id-less element reducer on each value of a collection of ``Identified`` values,
  /// each in a namespace of its own: the wrapper's id, tagged with the collection.
  ///
  /// ```swift
  /// // state.timers: IdentifiedArrayOf<Identified<Int, LonelyTimer.State>>
  /// Reduce { state, action in ... }
  ///   .forEachNamespaced(\.timers, action: /Action.timers) { LonelyTimer() }
  /// ```
  ///
  /// - Parameters:
  ///   - toElements: The collection inside this reducer's state.
  ///   - toElementAction: The case that carries an element id and an element action.
  ///   - element: The element reducer, which works on the wrapped values.
  ///   - fileID: Where the modifier is applied, for diagnostics.
  ///   - line: Where the modifier is applied, for diagnostics.
  /// - Returns: A reducer that runs the namespaced element reducer and then this one.
  @inlinable
  public consuming func forEachNamespaced<
    ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer
  >(
    _ toElements: WritableKeyPath<State, IdentifiedArrayOf<Identified<ID, ElementState>>>,
    action toElementAction: CasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ForEachReducer<Self, ID, IdentifiedValueReducer<ID, Element>>
  where Element.State == ElementState, Element.Action == ElementAction {
    let collection = CollectionTag(toElements)
    return forEach(
      toElements, action: toElementAction,
      context: { NamespaceContext(ElementNamespace(collection: collection, id: $0)) },
      element: { IdentifiedValueReducer(base: element()) }, fileID: fileID, line: line)
  }
}

/// Runs a reducer on the value inside an ``Identified``; built by `forEachNamespaced`.
public struct IdentifiedValueReducer<ID: Hashable, Base: Reducer>: Reducer {
  @usableFromInline let base: Base

  @usableFromInline
  init(base: Base) {
    self.base = base
  }

  /// Runs the base reducer on the wrapped value.
  @inlinable
  public func reduce(
    into state: inout Identified<ID, Base.State>, action: Base.Action
  ) -> Effect<Base.Action> {
    base.reduce(into: &state.value, action: action)
  }
}

/// Which collection an element namespace belongs to: its key path, so that two collections with
/// overlapping ids never share a namespace.
@usableFromInline
struct CollectionTag: Hashable, @unchecked Sendable {
  // Key paths are immutable; only their identity and equality are used.
  let keyPath: AnyKeyPath

  @usableFromInline
  init(_ keyPath: AnyKeyPath) {
    self.keyPath = keyPath
  }
}

/// The namespace of one element of a collection.
@usableFromInline
struct ElementNamespace<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  let collection: CollectionTag
  let id: ID

  @usableFromInline
  init(collection: CollectionTag, id: ID) {
    self.collection = collection
    self.id = id
  }

  @usableFromInline
  var description: String { "\(collection.keyPath)[\(id)]" }
}
