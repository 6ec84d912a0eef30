extension Store where State: Codable {
  /// A way to send actions that records undo steps for the actions a filter names, in the spirit
  /// of redux-undo's filters.
  ///
  /// ```swift
  /// let undoable = store.undoable(history) { action in
  ///   switch action {
  ///   case .rename: "Rename"
  ///   case .add: "Add Timer"
  ///   default: nil            // ticks, starts and stops are not undoable
  ///   }
  /// } coalescing: { action in
  ///   if case .rename(let id, _) = action { id } else { nil }   // typing coalesces
  /// }
  /// undoable.send(.rename(id: 1, "Tea"))
  /// ```
  ///
  /// - Parameters:
  ///   - history: Where to record steps.
  ///   - name: The step name for an action, or `nil` for actions that are not recorded.
  ///   - coalescing: A key for actions whose consecutive steps become one step, or `nil`.
  /// - Returns: A sender that records the named actions.
  public func undoable(
    _ history: UndoHistory,
    name: @escaping (Action) -> String?,
    coalescing: @escaping (Action) -> AnyHashable? = { _ in nil }
  ) -> UndoableStore<State, Action> {
    UndoableStore(store: self, history: history, name: name, coalescing: coalescing)
  }
}

/// Sends actions to a store, recording undo steps for those its filter names; see
/// `Store.undoable(_:name:coalescing:)`.
@MainActor
public struct UndoableStore<State: Codable, Action> {
  /// The store actions go to.
  public let store: Store<State, Action>

  /// Where steps are recorded.
  public let history: UndoHistory

  let name: (Action) -> String?
  let coalescing: (Action) -> AnyHashable?

  /// Sends an action; records a step when the filter names it.
  ///
  /// - Parameter action: The action.
  /// - Returns: The effects the action started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    guard let stepName = name(action) else { return store.send(action) }
    return store.send(
      action, undoable: history, named: stepName, coalescing: coalescing(action))
  }
}
