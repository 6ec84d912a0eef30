@_spi(Contexts) import EffectCore

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it: `await dismiss()` sends its parent
  /// `.dismiss`, or `.popFrom(id:)` for a stack element, and returns once it is gone.
  ///
  /// ```swift
  /// @Dependency(\.dismiss) var dismiss
  ///
  /// case .closeTapped:
  ///   return .run { _ in await dismiss() }
  /// ```
  ///
  /// Live and test value alike: `DismissEffect()`, which dismisses whatever presents the
  /// calling effect's feature (see `DismissEffect`), and reports a failure when nothing does.
  /// A test of a feature on its own replaces it:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Detail.State()) { Detail() } withDependencies: {
  ///   $0.dismiss = DismissEffect { dismissed.withLock { $0 = true } }
  /// }
  /// ```
  public var dismiss: DismissEffect {
    get { self[DismissKey.self].asDismissDependency }
    set { self[DismissKey.self] = newValue }
  }
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}
