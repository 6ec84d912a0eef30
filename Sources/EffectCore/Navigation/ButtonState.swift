/// A button of an ``AlertState`` or a ``ConfirmationDialogState``, as data: its label, its role,
/// and the action it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
/// ButtonState(role: .cancel) { TextState("Cancel") }   // sends nothing: dismisses
/// ```
public struct ButtonState<Action> {
  /// What the button sends when it is chosen.
  public let action: ButtonStateAction<Action>
  /// What the button says.
  public let label: TextState
  /// How the button is shown, if it is special.
  public let role: ButtonStateRole?

  /// A button.
  ///
  /// - Parameters:
  ///   - role: How the button is shown; `nil` for an ordinary button.
  ///   - action: What it sends; `.send(nil)`, by default, sends nothing.
  ///   - label: What it says.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// A button that sends an action.
  ///
  /// - Parameters:
  ///   - role: How the button is shown; `nil` for an ordinary button.
  ///   - action: What it sends.
  ///   - label: What it says.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// Calls `perform` with the button's action: what a view does when the button is chosen.
  ///
  /// A presented alert's view sends `.presented(action)` for an action and `.dismiss` for
  /// `nil`:
  ///
  /// ```swift
  /// button.withAction { action in
  ///   store.send(.alert(action.map(PresentationAction.presented) ?? .dismiss))
  /// }
  /// ```
  ///
  /// - Parameter perform: Receives the action, or `nil` for a button that sends none.
  public func withAction(_ perform: (Action?) throws -> Void) rethrows {
    try perform(action.action)
  }

  /// The same button, with its action transformed.
  ///
  /// - Parameter transform: Turns the action into another.
  /// - Returns: The button with the transformed action.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: .send(transform(action.action))) { label }
  }
}

/// How a ``ButtonState`` is shown.
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// Cancels: shown apart from the others, and chosen by escape.
  case cancel
  /// Destroys data: shown as a warning.
  case destructive
}

/// What a ``ButtonState`` sends.
public struct ButtonStateAction<Action> {
  /// The action; `nil` for a button that only dismisses.
  public let action: Action?

  /// Sends `action`, or nothing for `nil`.
  ///
  /// - Parameter action: The action.
  /// - Returns: The button action.
  public static func send(_ action: Action?) -> Self {
    Self(action: action)
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}
