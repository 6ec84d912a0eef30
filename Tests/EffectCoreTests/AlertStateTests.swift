import EffectCore
import Testing

/// Alerts and confirmation dialogs as data, presented with `ifLet(\.$alert, action:)`: they
/// close on any of their actions, as TCA's do.
@MainActor
@Suite struct AlertStateTests {
  struct Feature: Reducer {
    struct State: Equatable {
      @PresentationState var alert: AlertState<Action.Alert>?
      @PresentationState var dialog: ConfirmationDialogState<Action.Dialog>?
      var items = ["a", "b"]
    }
    enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      case dialog(PresentationAction<Dialog>)
      case deleteTapped
      case moreTapped
      enum Alert: Equatable { case confirmDeletion, keep, askAgain }
      enum Dialog: Equatable { case duplicate, rename }
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .deleteTapped:
          state.alert = .deleteItems(count: state.items.count)
        case .moreTapped:
          state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
            TextState("More")
          } actions: {
            ButtonState(action: .duplicate) { TextState("Duplicate") }
            ButtonState(action: .rename) { TextState("Rename") }
            ButtonState(role: .cancel) { TextState("Cancel") }
          }
        case .alert(.presented(.confirmDeletion)):
          // The alert is still there while the parent handles its action.
          #expect(state.alert != nil)
          state.items = []
        case .alert(.presented(.askAgain)):
          // A new alert in answer to the old one's button: the button closes the old one only.
          state.alert = .deleteItems(count: state.items.count)
        case .dialog(.presented(.duplicate)):
          state.items += state.items
        case .alert, .dialog:
          break
        }
        return .none
      }
      .ifLet(\.$alert, action: /Action.alert)
      .ifLet(\.$dialog, action: /Action.dialog)
    }
  }

  @Test func anAlertClosesOnItsAction() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    try await store.send(.deleteTapped) { $0.alert = .deleteItems(count: 2) }
    try await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.items = []
    }
    try await store.finish()
  }

  @Test func anAlertClosesOnAnActionItsParentIgnores() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    try await store.send(.deleteTapped) { $0.alert = .deleteItems(count: 2) }
    try await store.send(.alert(.presented(.keep))) { $0.alert = nil }
    try await store.send(.deleteTapped) { $0.alert = .deleteItems(count: 2) }
    try await store.send(.alert(.dismiss)) { $0.alert = nil }
    try await store.finish()
  }

  @Test func anAlertShownInAnswerToAnAlertStays() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    try await store.send(.deleteTapped) { $0.alert = .deleteItems(count: 2) }
    try await store.send(.alert(.presented(.askAgain)))
    #expect(store.state.alert != nil)
    try await store.send(.alert(.dismiss)) { $0.alert = nil }
    try await store.finish()
  }

  @Test func aConfirmationDialogClosesOnItsAction() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    try await store.send(.moreTapped) {
      $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
        TextState("More")
      } actions: {
        ButtonState(action: .duplicate) { TextState("Duplicate") }
        ButtonState(action: .rename) { TextState("Rename") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    try await store.send(.dialog(.presented(.duplicate))) {
      $0.dialog = nil
      $0.items = ["a", "b", "a", "b"]
    }
    try await store.finish()
  }

  @Test func aMismatchedAlertFailsWithADiffOfItsText() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    let failures = try await TestStoreFailure.collect {
      try await store.send(.deleteTapped) { $0.alert = .deleteItems(count: 3) }
    }
    #expect(failures.count == 1)
    let lines = failures.first?.description.split(separator: "\n") ?? []
    #expect(lines.contains { $0.hasPrefix("-") && $0.contains(#"TextState("Delete 3 items?")"#) })
    #expect(lines.contains { $0.hasPrefix("+") && $0.contains(#"TextState("Delete 2 items?")"#) })
  }

  @Test func buttonsCarryTheirRoleLabelAndAction() {
    let alert = AlertState<Feature.Action.Alert>.deleteItems(count: 1)
    #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
    #expect(alert.buttons.map { String(state: $0.label) } == ["Delete", "Keep"])
    var sent: [Feature.Action.Alert?] = []
    for button in alert.buttons { button.withAction { sent.append($0) } }
    #expect(sent == [.confirmDeletion, nil])
    #expect(String(state: alert.message!) == "This cannot be undone.")
    let mapped = alert.map { $0.map { Feature.Action.alert(.presented($0)) } }
    #expect(mapped.buttons.first?.action.action == .alert(.presented(.confirmDeletion)))
  }

  @Test func buttonsAreBuiltWithConditionsAndLoops() {
    let dialog = ConfirmationDialogState<Int> {
      TextState("Pick")
    } actions: {
      for number in 1...3 {
        ButtonState(action: number) { TextState("\(number)") }
      }
      if Bool.random() {
        ButtonState(role: .cancel) { TextState("Cancel") }
      } else {
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    #expect(dialog.buttons.map(\.action.action) == [1, 2, 3, nil])
    #expect(dialog.titleVisibility == .automatic)
    #expect(TextState("a") + TextState(verbatim: "b") == TextState("ab"))
  }
}

extension AlertState where Action == AlertStateTests.Feature.Action.Alert {
  static func deleteItems(count: Int) -> Self {
    AlertState {
      TextState("Delete \(count) items?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Keep") }
    } message: {
      TextState("This cannot be undone.")
    }
  }
}
