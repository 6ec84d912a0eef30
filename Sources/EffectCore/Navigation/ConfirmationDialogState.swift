/// A confirmation dialog as data: a set of choices about one thing, with a title that may be
/// shown or not.
///
/// Present it like an ``AlertState``, with `@PresentationState` and
/// `ifLet(\.$dialog, action: /Action.dialog)`, which dismisses it on the first of its actions:
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Delete timer 3?")
/// } actions: {
///   ButtonState(role: .destructive, action: .delete(id: 3)) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Keep") }
/// }
/// ```
public struct ConfirmationDialogState<Action>: EphemeralState {
  /// Whether the title is shown.
  public let titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The title.
  public let title: TextState
  /// The text under the title, if any.
  public let message: TextState?
  /// The choices, in order.
  public let buttons: [ButtonState<Action>]

  /// A confirmation dialog.
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown; the platform decides by default.
  ///   - title: The title.
  ///   - actions: The choices.
  ///   - message: The text under the title.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    self.message = message?()
    self.buttons = actions()
  }

  /// The same dialog, with its buttons' actions transformed.
  ///
  /// - Parameter transform: Turns an action into another.
  /// - Returns: The dialog with the transformed actions.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    let buttons = buttons.map { $0.map(transform) }
    return ConfirmationDialogState<NewAction>(
      titleVisibility: titleVisibility, title: { title },
      actions: { for button in buttons { button } }, message: message.map { message in { message } }
    )
  }
}

/// Whether a ``ConfirmationDialogState`` shows its title.
public enum ConfirmationDialogStateTitleVisibility: Equatable, Hashable, Sendable {
  /// As the platform does.
  case automatic
  /// Never.
  case hidden
  /// Always.
  case visible
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
