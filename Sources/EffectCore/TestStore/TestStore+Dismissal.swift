/// What a test store does when its own feature dismisses itself (`DismissEffect` in one of the
/// feature's effects, as a child tested on its own does): as in TCA, the store is dismissed, its
/// effects are cancelled, and it takes no more actions.
@MainActor
final class TestDismissal: Sendable {
  /// Whether the feature has dismissed itself.
  private(set) var isDismissed = false
  /// The test store's effects, to cancel on dismissal.
  nonisolated(unsafe) weak var registry: EffectRegistry?

  nonisolated init() {}

  func dismiss() {
    isDismissed = true
    registry?.cancelAll()
  }
}

/// A test store's reducer, with every effect that no presentation inside it marks made to
/// dismiss the test store itself.
struct DismissibleRoot<Base: Reducer>: Reducer {
  let base: Base
  let dismissal: TestDismissal

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let dismissal = self.dismissal
    return base.reduce(into: &state, action: action).dismissible { _ in
      EffectScope.Dismissal(isPresentation: false) { await dismissal.dismiss() }
    }
  }
}
