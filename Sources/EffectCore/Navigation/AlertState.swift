/// An alert as data: a title, an optional message and buttons that send actions.
///
/// Present it with `@PresentationState` and `ifLet(\.$alert, action: /Action.alert)`, which
/// needs no child reducer and dismisses the alert on the first of its actions:
///
/// ```swift
/// struct Feature: Reducer {
///   struct State: Equatable {
///     @PresentationState var alert: AlertState<Action.Alert>?
///   }
///   enum Action: Equatable {
///     case alert(PresentationAction<Alert>)
///     case deleteTapped
///     enum Alert: Equatable { case confirmDeletion }
///   }
///   var body: some Reducer<State, Action> {
///     Reduce { state, action in
///       if case .deleteTapped = action {
///         state.alert = AlertState { TextState("Delete?") } actions: {
///           ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///         }
///       }
///       return .none
///     }
///     .ifLet(\.$alert, action: /Action.alert)
///   }
/// }
/// ```
///
/// It is `Equatable` when its actions are, so a test asserts the alert a feature shows.
public struct AlertState<Action>: EphemeralState {
  /// The title.
  public let title: TextState
  /// The text under the title, if any.
  public let message: TextState?
  /// The buttons, in order; an alert without buttons shows one that dismisses it.
  public let buttons: [ButtonState<Action>]
  /// Which presentation this is: a new one for each initializer call.
  let instance = PresentationInstanceID.next()

  /// An alert.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - actions: The buttons.
  ///   - message: The text under the title.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.message = message?()
    self.buttons = actions()
  }

  /// The same alert, with its buttons' actions transformed.
  ///
  /// - Parameter transform: Turns an action into another.
  /// - Returns: The alert with the transformed actions.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    let buttons = buttons.map { $0.map(transform) }
    return AlertState<NewAction>(
      title: { title }, actions: { for button in buttons { button } },
      message: message.map { message in { message } })
  }
}

extension AlertState: Equatable where Action: Equatable {
  /// Equal when they say the same and have the same buttons.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes what it says and its buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: PresentationInstance {}

extension AlertState: CustomReflectable {
  /// Reflects what it says and its buttons, as dumps and test failures show them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["title": title, "message": message as Any, "buttons": buttons],
      displayStyle: .struct)
  }
}
extension AlertState: Sendable where Action: Sendable {}
