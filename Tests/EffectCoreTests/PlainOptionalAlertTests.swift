import EffectCore
import Testing

/// An alert or dialog held in a plain optional (no `@PresentationState`), run with
/// `ifLet(\.alert, action: /Action.alert)`, with or without a child reducer: it closes on its
/// first action, after the parent has handled it, as in TCA.
@MainActor
@Suite struct PlainOptionalAlertTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var alert: AlertState<Action.Alert>?
      var dialog: ConfirmationDialogState<Action.Dialog>?
      var items = ["a", "b"]
    }
    enum Action: Equatable {
      case alert(Alert)
      case dialog(Dialog)
      case deleteTapped, moreTapped
      enum Alert: Equatable { case confirmDeletion, askAgain }
      enum Dialog: Equatable { case duplicate }
    }
    /// Whether the alert gets a child reducer (an `EmptyReducer`), as some TCA code writes it.
    let withChildReducer: Bool

    var body: some Reducer<State, Action> {
      let parent = Reduce<State, Action> { state, action in
        switch action {
        case .deleteTapped:
          state.alert = Self.deleteAlert
        case .moreTapped:
          state.dialog = ConfirmationDialogState {
            TextState("More")
          } actions: {
            ButtonState(action: .duplicate) { TextState("Duplicate") }
          }
        case .alert(.confirmDeletion):
          // Still there while the parent handles its action.
          #expect(state.alert != nil)
          state.items = []
        case .alert(.askAgain):
          state.alert = Self.deleteAlert
        case .dialog(.duplicate):
          state.items += state.items
        }
        return .none
      }
      if withChildReducer {
        parent
          .ifLet(\.alert, action: /Action.alert) { EmptyReducer() }
          .ifLet(\.dialog, action: /Action.dialog) { EmptyReducer() }
      } else {
        parent
          .ifLet(\.alert, action: /Action.alert)
          .ifLet(\.dialog, action: /Action.dialog)
      }
    }

    static var deleteAlert: AlertState<Action.Alert> {
      AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(action: .askAgain) { TextState("Ask again") }
      }
    }
  }

  @Test(arguments: [false, true])
  func anAlertInAPlainOptionalClosesOnItsAction(withChildReducer: Bool) async throws {
    let store = TestStore(initialState: Feature.State()) {
      Feature(withChildReducer: withChildReducer)
    }
    try await store.send(.deleteTapped) { $0.alert = Feature.deleteAlert }
    try await store.send(.alert(.confirmDeletion)) {
      $0.alert = nil
      $0.items = []
    }
    try await store.send(.moreTapped) {
      $0.dialog = ConfirmationDialogState {
        TextState("More")
      } actions: {
        ButtonState(action: .duplicate) { TextState("Duplicate") }
      }
    }
    try await store.send(.dialog(.duplicate)) { $0.dialog = nil }
    try await store.finish()
  }

  @Test func anAlertShownAgainByItsOwnButtonStays() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature(withChildReducer: false) }
    try await store.send(.deleteTapped) { $0.alert = Feature.deleteAlert }
    try await store.send(.alert(.askAgain))
    #expect(store.state.alert != nil)
    try await store.finish()
  }
}
