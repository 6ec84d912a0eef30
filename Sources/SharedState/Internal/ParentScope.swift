/// The parents in force: a chain of channels, innermost first, that `WithParentState` extends
/// around its reducers and their effects, and that `DependencyValues.sharedState(_:_:)` extends
/// with stand-ins.
final class ParentScope: Sendable {
  let channel: any AnyParentChannel
  let parent: ParentScope?
  /// Whether this is in force around a reducer (on its store's actor, the main actor) rather
  /// than around an effect.
  let isReducing: Bool

  /// The chain `WithParentState` put in force for the current task.
  @TaskLocal static var current: ParentScope?

  init(_ channel: any AnyParentChannel, parent: ParentScope?, isReducing: Bool = false) {
    self.channel = channel
    self.parent = parent
    self.isReducing = isReducing
  }

  /// The innermost channel for `Key`.
  ///
  /// A store reduces the actions an effect sends in that effect's task, where the parents the
  /// effect had in force are still bound. Only the parents that the current reduce itself
  /// entered are in force for a reducer, so below the innermost reducing scope the chain stops
  /// at the first scope an effect entered; and `reducersOnly` ignores effect scopes altogether,
  /// for code that only ever runs in reducers.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - reducersOnly: Whether to ignore the scopes effects entered even on top of the chain.
  func channel<Key: SharedStateKey>(
    for key: Key.Type, reducersOnly: Bool = false
  ) -> ParentChannel<Key>? {
    let id = ObjectIdentifier(key)
    let isReducing = reducersOnly || self.isReducing
    var scope: ParentScope? = self
    while let current = scope {
      if isReducing, !current.isReducing { return nil }
      if current.channel.keyID == id { return current.channel as? ParentChannel<Key> }
      scope = current.parent
    }
    return nil
  }
}

/// Puts a parent's channel in force, inside the parents already in force, around a reducer and
/// its effects.
@usableFromInline
struct ParentScopeContext: ReducerContext {
  let channel: any AnyParentChannel

  @usableFromInline
  init(channel: any AnyParentChannel) {
    self.channel = channel
  }

  @usableFromInline
  func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try ParentScope.$current.withValue(
      ParentScope(channel, parent: ParentScope.current, isReducing: true), operation: operation)
  }

  @usableFromInline
  var bindsTaskLocalsOnly: Bool { true }

  /// Binds the scope an effect runs in (not reducing) around creating the effect's task.
  @usableFromInline
  func withEffectTaskCreation<R>(_ operation: () throws -> R) rethrows -> R {
    try ParentScope.$current.withValue(effectScope, operation: operation)
  }

  @usableFromInline
  func withEffectContext(_ operation: () async -> Void) async {
    await ParentScope.$current.withValue(effectScope, operation: operation)
  }

  /// The scope an effect runs in, inside the scopes in force: not reducing.
  private var effectScope: ParentScope {
    ParentScope(channel, parent: ParentScope.current)
  }
}
