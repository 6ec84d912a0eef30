/// The asynchronous part of an effect: an operation, the task priority to run it at, and the
/// cancellation ids it answers to.
@usableFromInline
struct EffectRun<Action> {
  var priority: TaskPriority?
  var cancelIDs: [CancelID] = []
  var cancelsInFlight = false
  var body: @Sendable (Send<Action>) async -> Void

  init(priority: TaskPriority?, body: @escaping @Sendable (Send<Action>) async -> Void) {
    self.priority = priority
    self.body = body
  }

  func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> EffectRun<NewAction> {
    let body = self.body
    var run = EffectRun<NewAction>(priority: priority) { send in
      await body(send.map(transform))
    }
    run.cancelIDs = cancelIDs
    run.cancelsInFlight = cancelsInFlight
    return run
  }
}
