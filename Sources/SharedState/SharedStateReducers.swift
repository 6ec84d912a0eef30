/// A child that follows its parent's value: what `.sharedState(_:action:)` returns for a
/// ``ChildState``.
public struct ChildStateReducer<Base: Reducer, Key: SharedStateKey>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toChildState: WritableKeyPath<Base.State, ChildState<Key>>
  @usableFromInline let toSharedAction: CasePath<Base.Action, SharedStateAction<Key>>

  /// Runs the base reducer, then keeps the shared value in step.
  ///
  /// Inlinable, so that the base reducer is called with its concrete type.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    return keepInStep(&state, action: action, effect: effect)
  }

  @usableFromInline
  func keepInStep(
    _ state: inout Base.State, action: Base.Action, effect: Effect<Base.Action>
  ) -> Effect<Base.Action> {
    if case .willChange(let value) = toSharedAction.extract(from: action) {
      state[keyPath: toChildState].wrappedValue = value
    }
    @Dependency(\.parentState) var parentState
    guard let channel = parentState.channel(for: Key.self, reducersOnly: true),
      !(state[keyPath: toChildState].subscription?.isLive(on: channel) ?? false)
    else { return effect }
    let subscription = SharedStateSubscription(channel: channel)
    state[keyPath: toChildState].subscription = subscription
    let seen = state[keyPath: toChildState].wrappedValue
    let toSharedAction = self.toSharedAction
    let observe = Effect<Base.Action>.subscribe { send in
      channel.subscribe(subscription, seen: seen) {
        send.synchronously(toSharedAction.embed(.willChange($0)))
      }
      return { channel.unsubscribe(subscription) }
    }
    return .merge(effect, observe)
  }
}

/// A parent that accepts its children's writes: what `.sharedState(_:action:)` returns for a
/// ``ParentState``.
public struct ParentStateReducer<Base: Reducer, Key: SharedStateKey>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toParentState: WritableKeyPath<Base.State, ParentState<Key>>
  @usableFromInline let toSharedAction: CasePath<Base.Action, SharedStateAction<Key>>

  /// Runs the base reducer, then keeps the shared value in step.
  ///
  /// Inlinable, so that the base reducer is called with its concrete type.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    return keepInStep(&state, action: action, effect: effect)
  }

  @usableFromInline
  func keepInStep(
    _ state: inout Base.State, action: Base.Action, effect: Effect<Base.Action>
  ) -> Effect<Base.Action> {
    if case .willChange(let value) = toSharedAction.extract(from: action) {
      state[keyPath: toParentState].wrappedValue = value
    }
    let channel = state[keyPath: toParentState].openChannel()
    guard !(state[keyPath: toParentState].listener?.isLive(on: channel) ?? false) else {
      return effect
    }
    let subscription = SharedStateSubscription(channel: channel)
    state[keyPath: toParentState].listener = subscription
    let toSharedAction = self.toSharedAction
    let listen = Effect<Base.Action>.subscribe { send in
      channel.listen(subscription) { send.synchronously(toSharedAction.embed(.willChange($0))) }
      return { channel.unsubscribe(subscription) }
    }
    return .merge(effect, listen)
  }
}
