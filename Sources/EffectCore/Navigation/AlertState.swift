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

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
