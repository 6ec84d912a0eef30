/// A child that follows its parent's value: what `.sharedState(_:action:)` returns for a
/// ``ChildState``.
public struct ChildStateReducer<Base: Reducer, Key: SharedStateKey>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toChildState: WritableKeyPath<Base.State, ChildState<Key>>
  @usableFromInline let toSharedAction: CasePath<Base.Action, SharedStateAction<Key>>

  @usableFromInline
  init(
    base: Base, toChildState: WritableKeyPath<Base.State, ChildState<Key>>,
    toSharedAction: CasePath<Base.Action, SharedStateAction<Key>>
  ) {
    self.base = base
    self.toChildState = toChildState
    self.toSharedAction = toSharedAction
  }

  /// Runs the base reducer, then keeps the shared value in step.
  ///
  /// Inlinable, so that the base reducer is called with its concrete type.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    return keepInStep(&state, action: action, effect: effect)
  }

  /// Takes a change the parent sent, and subscribes to the parent's channel when not yet
  /// subscribed to the one in force. Inlinable, and what runs on every action (a change, or
  /// nothing) is specialised with the feature's types; subscribing, once, is not.
  @inlinable
  func keepInStep(
    _ state: inout Base.State, action: Base.Action, effect: Effect<Base.Action>
  ) -> Effect<Base.Action> {
    if case .willChange(let value) = toSharedAction.extract(from: action) {
      state[keyPath: toChildState].wrappedValue = value
    }
    guard let channel = state[keyPath: toChildState].channelToJoin else { return effect }
    return subscribe(&state, to: channel, effect: effect)
  }

  @usableFromInline
  func subscribe(
    _ state: inout Base.State, to channel: ParentChannel<Key>, effect: Effect<Base.Action>
  ) -> Effect<Base.Action> {
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

  @usableFromInline
  init(
    base: Base, toParentState: WritableKeyPath<Base.State, ParentState<Key>>,
    toSharedAction: CasePath<Base.Action, SharedStateAction<Key>>
  ) {
    self.base = base
    self.toParentState = toParentState
    self.toSharedAction = toSharedAction
  }

  /// Runs the base reducer, then keeps the shared value in step.
  ///
  /// Inlinable, so that the base reducer is called with its concrete type.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    return keepInStep(&state, action: action, effect: effect)
  }

  /// Takes a child's write, and listens to the channel when not yet listening: inlinable, as
  /// the child's ``ChildStateReducer/keepInStep(_:action:effect:)`` is.
  @inlinable
  func keepInStep(
    _ state: inout Base.State, action: Base.Action, effect: Effect<Base.Action>
  ) -> Effect<Base.Action> {
    if case .willChange(let value) = toSharedAction.extract(from: action) {
      state[keyPath: toParentState].wrappedValue = value
    }
    guard state[keyPath: toParentState].needsListener() else { return effect }
    return listen(&state, effect: effect)
  }

  @usableFromInline
  func listen(_ state: inout Base.State, effect: Effect<Base.Action>) -> Effect<Base.Action> {
    let channel = state[keyPath: toParentState].openChannel()
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
