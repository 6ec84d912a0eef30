import EffectCore
import Injection
import Testing

@testable import ManyTimersCLI

/// The screen's prompt and delete confirmation as presented state: a `TextPrompt` that
/// dismisses itself, and a `ConfirmationDialogState` that closes on its choice.
@MainActor
@Suite struct ScreenModalsTests {
  func makeStore(timers: Int = 3) -> (
    TestStore<ScreenModals.State, ScreenModals.Action>, ShoeboxHost
  ) {
    let host = withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      ShoeboxHost(state: .standard(count: timers))
    }
    return (TestStore(initialState: ScreenModals.State()) { ScreenModals(host: host) }, host)
  }

  @Test func theRenamePromptEditsThenDismissesItselfAndRenames() async throws {
    let (store, host) = makeStore()
    try await store.send(.renameTapped(row: 1, name: "Timer 2")) {
      $0.prompt = TextPrompt.State(purpose: .rename(row: 1), text: "Timer 2")
    }
    for _ in 0..<7 {
      try await store.send(.prompt(.presented(.erased))) { $0.prompt?.text.removeLast() }
    }
    for character in "Tea" {
      try await store.send(.prompt(.presented(.typed(character)))) {
        $0.prompt?.text.append(character)
      }
    }
    try await store.send(.prompt(.presented(.typed("\u{202E}"))))
    try await store.send(.prompt(.presented(.submitted)))
    try await store.receive(.prompt(.dismiss)) { $0.prompt = nil }
    try await store.finish()
    #expect(host.rows[1].name == "Tea")
  }

  @Test func cancellingThePromptChangesNothing() async throws {
    let (store, host) = makeStore()
    try await store.send(.renameTapped(row: 0, name: "Timer 1")) {
      $0.prompt = TextPrompt.State(purpose: .rename(row: 0), text: "Timer 1")
    }
    try await store.send(.prompt(.presented(.typed("!")))) { $0.prompt?.text = "Timer 1!" }
    try await store.send(.prompt(.presented(.cancelled)))
    try await store.receive(.prompt(.dismiss)) { $0.prompt = nil }
    try await store.finish()
    #expect(host.rows[0].name == "Timer 1")
  }

  @Test func theAddPromptAddsATimer() async throws {
    let (store, host) = makeStore()
    try await store.send(.addTapped) { $0.prompt = TextPrompt.State(purpose: .add, text: "") }
    for character in "Tea 3m" {
      try await store.send(.prompt(.presented(.typed(character)))) {
        $0.prompt?.text.append(character)
      }
    }
    try await store.send(.prompt(.presented(.submitted)))
    try await store.receive(.prompt(.dismiss)) { $0.prompt = nil }
    try await store.finish()
    #expect(host.rows.last == LonelyTimer.State(name: "Tea", duration: 180))
  }

  @Test func theDeleteConfirmationClosesOnEitherChoice() async throws {
    let (store, host) = makeStore()
    let confirmation = ConfirmationDialogState<ScreenModals.Confirmation>(
      titleVisibility: .visible
    ) {
      TextState("Delete timer 2, Timer 2?")
    } actions: {
      ButtonState(role: .destructive, action: .delete(row: 1)) { TextState("delete") }
      ButtonState(role: .cancel) { TextState("keep") }
    }
    try await store.send(.deleteTapped(row: 1, name: "Timer 2")) {
      $0.confirmation = confirmation
    }
    try await store.send(.confirmation(.dismiss)) { $0.confirmation = nil }
    #expect(host.rowCount == 3)
    try await store.send(.deleteTapped(row: 1, name: "Timer 2")) {
      $0.confirmation = confirmation
    }
    try await store.send(.confirmation(.presented(.delete(row: 1)))) { $0.confirmation = nil }
    try await store.finish()
    #expect(host.rows.map(\.name) == ["Timer 1", "Timer 3"])
  }
}
