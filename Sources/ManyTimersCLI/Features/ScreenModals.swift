import Foundation
import Injection

/// What the interactive screen shows over its timers and what takes the keys while it is open:
/// the rename and add prompt (a presented ``TextPrompt``), or the delete confirmation (a
/// presented `ConfirmationDialogState`). The edits they end in go to the host.
struct ScreenModals: Reducer {
  struct State: Equatable {
    @PresentationState var prompt: TextPrompt.State?
    @PresentationState var confirmation: ConfirmationDialogState<Confirmation>?
    /// Said once, after the last key: what could not be done.
    var message: String?
  }

  enum Confirmation: Equatable {
    case delete(row: Int)
  }

  enum Action: Equatable {
    case prompt(PresentationAction<TextPrompt.Action>)
    case confirmation(PresentationAction<Confirmation>)
    case renameTapped(row: Int, name: String)
    case addTapped
    case deleteTapped(row: Int, name: String)
  }

  let host: any TimerHost

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      state.message = nil
      switch action {
      case .renameTapped(let row, let name):
        state.prompt = TextPrompt.State(purpose: .rename(row: row), text: name)
        return .none
      case .addTapped:
        state.prompt = TextPrompt.State(purpose: .add, text: "")
        return .none
      case .deleteTapped(let row, let name):
        state.confirmation = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Delete timer \(row + 1), \(name)?")
        } actions: {
          ButtonState(role: .destructive, action: .delete(row: row)) { TextState("delete") }
          ButtonState(role: .cancel) { TextState("keep") }
        }
        return .none
      case .prompt(.presented(.submitted)):
        // The prompt is still there: it closes itself after this.
        guard let prompt = state.prompt else { return .none }
        return commit(prompt, state: &state)
      case .confirmation(.presented(.delete(let row))):
        return .run { [host] _ in
          await MainActor.run { if row < host.rowCount { host.remove(row: row) } }
        }
      case .prompt, .confirmation:
        return .none
      }
    }
    .ifLet(\.$prompt, action: /Action.prompt) { TextPrompt() }
    .ifLet(\.$confirmation, action: /Action.confirmation)
  }

  private func commit(_ prompt: TextPrompt.State, state: inout State) -> Effect<Action> {
    switch prompt.purpose {
    case .rename(let row):
      let name = prompt.text.trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { return .none }
      return .run { [host] _ in
        await MainActor.run {
          guard row < host.rowCount, host.row(row).name != name else { return }
          host.rename(row: row, to: name)
        }
      }
    case .add:
      let parsed = Result(catching: { () throws(ScriptError) in
        try ScriptCommand.parse("add " + prompt.text)
      })
      guard case .success(.add(let name, let duration)) = parsed else {
        state.message = " Could not read that; try: Tea 3m"
        return .none
      }
      return .run { [host] _ in await host.add(name: name, duration: duration) }
    }
  }
}
