/// The part of an effect that registers a way back into the store with something outside it,
/// without a task: what ``Effect/subscribe(_:)`` builds.
@usableFromInline
struct EffectSubscription<Action>: Sendable {
  var cancelIDs: [CancelID] = []
  var cancelsInFlight = false
  /// Every context around the subscription, outermost first: the actions it sends are
  /// transformed (``Effect/map(_:)``) inside them.
  var deliveryContexts: [any ReducerContext] = []
  /// Whether a `map` other than the library's own embeddings transforms its actions.
  var hasTransforms = false
  /// Registers `send` and returns what ends the registration.
  var register: @MainActor @Sendable (Send<Action>) -> @Sendable () -> Void

  init(register: @escaping @MainActor @Sendable (Send<Action>) -> @Sendable () -> Void) {
    self.register = register
  }

  func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction, isEmbedding: Bool
  ) -> EffectSubscription<NewAction> {
    let register = self.register
    var subscription = EffectSubscription<NewAction> { send in register(send.map(transform)) }
    subscription.cancelIDs = cancelIDs
    subscription.cancelsInFlight = cancelsInFlight
    subscription.deliveryContexts = deliveryContexts
    subscription.hasTransforms = hasTransforms || !isEmbedding
    return subscription
  }
}
