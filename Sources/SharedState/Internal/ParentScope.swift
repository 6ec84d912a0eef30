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
  func channel<Key: SharedStateKey>(for key: Key.Type) -> ParentChannel<Key>? {
    let id = ObjectIdentifier(key)
    var scope: ParentScope? = self
    while let current = scope {
      if current.channel.keyID == id { return current.channel as? ParentChannel<Key> }
      scope = current.parent
    }
    return nil
  }
}

/// Puts a parent's channel in force, inside the parents already in force, around a reducer and
/// its effects.
struct ParentScopeContext: ReducerContext {
  let channel: any AnyParentChannel

  func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try ParentScope.$current.withValue(
      ParentScope(channel, parent: ParentScope.current, isReducing: true), operation: operation)
  }

  func withEffectContext(_ operation: () async -> Void) async {
    await ParentScope.$current.withValue(
      ParentScope(channel, parent: ParentScope.current), operation: operation)
  }
}
