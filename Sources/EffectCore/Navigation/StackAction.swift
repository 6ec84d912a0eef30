/// The actions of a navigation stack: an element's own, and the two that change the stack.
///
/// ```swift
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
/// }
/// ```
///
/// `.forEach(\.path, action: /Action.path) { Path() }` runs the element's reducer for
/// `.element(id:action:)`, pops for `.popFrom(id:)` and pushes for `.push(id:state:)`. An
/// element dismisses itself with ``DismissEffect`` (Injection's `@Dependency(\.dismiss)`), which
/// sends `.popFrom(id:)` with its id.
///
/// A feature whose stack holds the feature itself marks its own case `indirect`.
public enum StackAction<State, Action> {
  /// An action of the element with an id.
  case element(id: StackElementID, action: Action)

  /// Pops the element with an id and every element above it; the parent sees the action
  /// first, while they are still there.
  case popFrom(id: StackElementID)

  /// Pushes an element under an id the stack does not hold yet (``StackState/nextID``, usually);
  /// the parent sees the action after the push.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

extension CasePath {
  /// The path from a stack action to the action of one element:
  /// `/Action.path .. .element(id: 0) .. /Path.Action.detail` matches
  /// `.path(.element(id: 0, action: .detail(...)))`.
  ///
  /// - Parameter id: The element's id.
  /// - Returns: A path that extracts the actions of that element only.
  public static func element<ElementState>(id: StackElementID) -> Self
  where Root == StackAction<ElementState, Value> {
    CasePath(
      embed: { .element(id: id, action: $0) },
      extract: {
        guard case .element(id, let action) = $0 else { return nil }
        return action
      },
      label: { ".element(id: \(id))" })
  }

  /// The path from a `forEach` row action (`case rows(id:action:)`) to the action of one row:
  /// `/Action.rows .. .element(id: 3) .. /Row.Action.tick` matches
  /// `.rows(id: 3, action: .tick)`, so that a test store can receive an action of one row.
  ///
  /// ```swift
  /// try await store.receive(/Feature.Action.rows .. .element(id: 3) .. /Row.Action.tick)
  /// ```
  ///
  /// - Parameter id: The row's id.
  /// - Returns: A path that extracts the actions of that row only.
  public static func element<ID: Hashable & Sendable>(id: ID) -> Self
  where Root == (ID, Value) {
    CasePath(
      embed: { (id, $0) },
      extract: { $0.0 == id ? $0.1 : nil },
      label: { ".element(id: \(id))" })
  }
}
