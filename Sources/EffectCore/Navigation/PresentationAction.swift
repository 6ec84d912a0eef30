/// The actions of a presented child: the child's own, and the one that dismisses it.
///
/// A parent that presents a child with `@PresentationState` carries its actions in one case:
///
/// ```swift
/// enum Action {
///   case detail(PresentationAction<Detail.Action>)
///   case showDetailTapped
/// }
/// ```
///
/// `.ifLet(\.$detail, action: /Action.detail) { Detail() }` runs the child for
/// `.detail(.presented(...))`, and sets the child's state to `nil` on `.detail(.dismiss)`, after
/// the parent has seen it. The child dismisses itself with `DismissEffect` (Injection's
/// `@Dependency(\.dismiss)`), which sends `.dismiss` for it.
///
/// A feature that presents itself (a recursive feature) marks its own case `indirect`:
/// `indirect case child(PresentationAction<Action>)`.
public enum PresentationAction<Action> {
  /// Dismisses the child: its parent's `ifLet` sets its state to `nil` and ends its effects.
  case dismiss

  /// An action of the presented child.
  case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}

extension CasePath where Root == PresentationAction<Value> {
  /// The path from a presentation action to the child action it carries:
  /// `/Action.detail .. .presented .. /Detail.Action.saveTapped` matches
  /// `.detail(.presented(.saveTapped))`.
  ///
  /// The same as `/PresentationAction.presented`, for where the type is known.
  public static var presented: Self {
    /PresentationAction.presented
  }
}
