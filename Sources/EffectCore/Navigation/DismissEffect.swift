/// Dismisses the presented feature whose effect calls it.
///
/// A child that a parent presents (with `ifLet` over `@PresentationState`, or `forEach` over a
/// ``StackState``) closes itself from one of its effects, without knowing who presented it.
/// With the Injection module it is the `\.dismiss` dependency, as in TCA:
///
/// ```swift
/// struct Detail: Reducer {
///   struct State: Equatable {}
///   enum Action { case closeTapped }
///   @Dependency(\.dismiss) var dismiss
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     .run { _ in await dismiss() }
///   }
/// }
/// ```
///
/// `await dismiss()` sends the parent `.dismiss` (a ``PresentationAction``), or
/// `.popFrom(id:)` (a ``StackAction``) for a stack element, and returns once the store has
/// reduced it: the child is gone, and every effect it started has been cancelled, the calling
/// one included, so nothing it sends afterwards is delivered.
///
/// It works in any `.run` effect the child (or a child of its own that a plain `ifLet` or
/// `Scope` holds) returns, in tasks such an effect creates, and in their
/// `withTaskCancellation` operations: the presentation or stack reducer nearest to the effect
/// marks it when it lifts it.
///
/// In the effects of a ``TestStore``'s own feature (a child tested on its own), it dismisses
/// the test store, as TCA's does: ``TestStore/isDismissed`` turns `true`, the store's effects
/// are cancelled, and sending to it fails. Called anywhere else (an effect of a feature nobody
/// presents, a detached task), it does nothing but report the mistake, as a runtime warning.
///
/// A replacement records the call instead, where nothing presents the feature:
///
/// ```swift
/// let dismissed = LockIsolated(false)
/// let store = TestStore(initialState: Detail.State()) { Detail() } withDependencies: {
///   $0.dismiss = DismissEffect { dismissed.withLock { $0 = true } }
/// }
/// ```
///
/// Where a presentation marks the effect, it wins over a replacement of `\.dismiss`: a presented
/// child's `dismiss()` always dismisses it. In a test store's own feature, a replaced `\.dismiss`
/// runs its closure and then dismisses the test store, as TCA's test store wraps `\.dismiss`.
///
/// An app may declare dismiss effects of its own under other keys (`\.dismissGame`). Unreplaced,
/// such a value dismisses like `\.dismiss`; replaced, it runs its closure and nothing else, in a
/// presented child and in a test store alike.
public struct DismissEffect: Sendable {
  /// What a replacement does instead; `nil` for the one that dismisses.
  let replacement: (@MainActor @Sendable () -> Void)?
  /// Whether this value was read from the `\.dismiss` dependency: only that one is the test
  /// store's and the presentation's to take over.
  private var isDismissDependency = false

  /// The effect that dismisses the feature whose effect calls it: the `\.dismiss` dependency's
  /// value unless a test replaces it.
  public init() {
    replacement = nil
  }

  /// An effect that calls `dismiss` when nothing presents the calling feature: for checking that
  /// a feature asked to be dismissed.
  ///
  /// - Parameter dismiss: Runs on the main actor for each call.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    replacement = dismiss
  }

  /// Dismisses the presented feature whose effect calls it, and returns once it is gone.
  ///
  /// - Parameters:
  ///   - fileID: The caller, for the report when there is nothing to dismiss.
  ///   - line: The caller, for the report when there is nothing to dismiss.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    let dismissal = EffectScope.current?.dismissal
    if let replacement {
      if isDismissDependency, let dismissal, dismissal.isPresentation {
        return await dismissal.dismiss()
      }
      await replacement()
      // A test store's own feature: TCA's test store wraps `\.dismiss` alone.
      guard isDismissDependency, let dismissal else { return }
      return await dismissal.dismiss()
    }
    if let dismissal { return await dismissal.dismiss() }
    let message =
      "A feature asked to be dismissed at \(fileID):\(line), but nothing presents it. "
      + "'dismiss()' dismisses a feature presented with 'ifLet' over a '@PresentationState' or "
      + "with 'forEach' over a 'StackState', from the effects it returns, and a test store's "
      + "feature. Elsewhere, replace it: withDependencies { $0.dismiss = DismissEffect { … } }."
    if !TestIssue.handOver(message) { RuntimeWarning.report(message) }
  }
}

extension DismissEffect {
  /// This value as the `\.dismiss` dependency gives it out: a presentation and a test store take
  /// over only that one (see ``DismissEffect``), not a dismiss effect an app keeps under a key of
  /// its own.
  @_spi(Contexts) public var asDismissDependency: DismissEffect {
    var effect = self
    effect.isDismissDependency = true
    return effect
  }
}
