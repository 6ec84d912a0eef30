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
  /// Which presentation this is: a new one for each initializer call.
  let instance = PresentationInstanceID.next()

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

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Equal when they say the same and have the same buttons.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes what it says and its buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: PresentationInstance {}

extension ConfirmationDialogState: CustomReflectable {
  /// Reflects what it says and its buttons, as dumps and test failures show them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "titleVisibility": titleVisibility, "title": title, "message": message as Any,
        "buttons": buttons,
      ],
      displayStyle: .struct)
  }
}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
