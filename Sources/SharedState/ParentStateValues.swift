/// The values that the parents in force share: what `@Dependency(\.parentState)` reads.
///
/// Read a shared value by its key; set it to ask the parent for a new one:
///
/// ```swift
/// struct Child: Reducer {
///   @Dependency(\.parentState) var parentState
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .reset:
///       parentState[CounterKey.self] = 0   // the parent decides; see below
///       return .none
///     case .read:
///       state.seen = parentState[CounterKey.self]
///       return .none
///     }
///   }
/// }
/// ```
///
/// Inside a parent's ``WithParentState`` — in the reducers it hosts and in every effect they
/// return — the innermost parent that shares the key answers. Where no parent shares it, a value
/// provided with `DependencyValues.sharedState(_:_:)` answers, and otherwise the key's
/// ``SharedStateKey/defaultValue``.
///
/// Setting does not change the parent's state directly: the parent stays in control. A parent
/// that applies `.sharedState(\.$value, action:)` to its own ``ParentState`` receives
/// `.willChange(newValue)`, stores it, and from there every participating child hears the
/// change. Until that parent listens (it starts on its first action, like a child), the last
/// write waits for it. A value provided with `sharedState(_:_:)` stands in for a parent and
/// changes at once. Setting where no parent shares the key and nothing stands in is a mistake:
/// a test store fails its next assertion with a message that says how to fix it, and elsewhere
/// debug builds print a runtime warning.
public struct ParentStateValues: Sendable {
  let scope: ParentScope?
  /// The dependencies in force, for stand-ins; read only where no parent shares a key.
  let dependencies: DependencyValues

  /// The shared value of a key, as the parent in force last published it.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - fileID: Where a value is set, for the message when no parent is there to take it.
  ///   - line: Where a value is set, for the message when no parent is there to take it.
  public subscript<Key: SharedStateKey>(
    key: Key.Type, fileID fileID: StaticString = #fileID, line line: UInt = #line
  ) -> Key.Value {
    get { channel(for: key)?.value ?? Key.defaultValue }
    nonmutating set {
      guard let channel = channel(for: key) else {
        return SharedStateIssue.reportWriteOutsideParent(
          key: key, value: newValue, fileID: fileID, line: line)
      }
      channel.write(newValue, isReducing: ParentScope.current?.isReducing == true)
    }
  }

  /// The channel of the innermost parent sharing `key`, or of a stand-in.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - reducersOnly: Whether the caller only ever runs in reducers (see `ParentScope`).
  func channel<Key: SharedStateKey>(
    for key: Key.Type, reducersOnly: Bool = false
  ) -> ParentChannel<Key>? {
    scope?.channel(for: key, reducersOnly: reducersOnly)
      ?? dependencies.standInParents?.channel(for: key)
  }
}
