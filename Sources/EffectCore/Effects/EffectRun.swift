/// The asynchronous part of an effect: an operation, the task priority to run it at, and the
/// cancellation ids it answers to.
@usableFromInline
struct EffectRun<Action> {
  var priority: TaskPriority?
  var cancelIDs: [CancelID] = []
  var cancelsInFlight = false
  var body: @Sendable (Send<Action>) async -> Void
  /// Contexts that only bind task-local values, outermost first: the runtime enters them around
  /// creating the effect's task, which inherits their values, instead of wrapping `body` in
  /// an asynchronous frame and a closure per context for as long as the effect runs.
  var contexts: [any ReducerContext] = []

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
    run.contexts = contexts
    return run
  }

  /// Puts `context` around this effect, outside the contexts already around it.
  mutating func enter(_ context: some ReducerContext) {
    guard context.bindsTaskLocalsOnly else {
      // Entered inside the task, so the contexts inside it must be entered there too, after it.
      let body = bodyInsideContexts
      contexts = []
      self.body = { send in await context.withEffectContext { await body(send) } }
      return
    }
    contexts.insert(context, at: 0)
  }

  /// The body with this run's contexts entered inside it: for running it in a task that did
  /// not inherit them.
  var bodyInsideContexts: @Sendable (Send<Action>) async -> Void {
    guard !contexts.isEmpty else { return body }
    let contexts = InheritedContexts(contexts: contexts)
    let body = self.body
    return { send in await contexts.withEffectContext { await body(send) } }
  }

  /// Runs `operation` (creating the effect's task) inside this run's contexts.
  func withContexts<R>(_ operation: () -> R) -> R {
    guard !contexts.isEmpty else { return operation() }
    return InheritedContexts(contexts: contexts).withEffectTaskCreation(operation)
  }
}
