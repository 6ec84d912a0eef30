/// Where a running effect cancels by id at run time: its store's registry, and the path its
/// reducers put in front of the ids it uses, as they do for the ids of its description.
///
/// Bound around creating each effect's task, which inherits it: `withTaskCancellation(id:)` and
/// `Task.cancel(id:)` read it, so that they reach exactly what `.cancellable(id:)` and
/// `.cancel(id:)` returned by the same reducer would.
struct EffectScope: @unchecked Sendable {
  // The path is made of cancellation-id parts, which are only ever `Hashable & Sendable` values
  // (see `CancelID`).
  @TaskLocal static var current: EffectScope?

  let registry: EffectRegistry
  let cancelScope: [AnyHashable]?
  /// What `DismissEffect` does in this effect; `nil` outside the effects of a presented child
  /// or of a test store's feature.
  let dismissal: Dismissal?

  /// How an effect dismisses its feature.
  struct Dismissal: Sendable {
    /// Whether a presentation or stack reducer presents the feature (it sends the parent
    /// `.dismiss` or `.popFrom(id:)`); otherwise a test store runs it as its root.
    let isPresentation: Bool
    /// Dismisses the feature, and returns once the store has reduced what that took.
    let dismiss: @Sendable () async -> Void
  }

  /// The id as the registry knows it.
  func cancelID(_ id: some Hashable & Sendable) -> CancelID {
    let id = CancelID(id)
    guard let cancelScope else { return id }
    return id.prefixed(with: cancelScope, scopingUserIDs: true)
  }
}
