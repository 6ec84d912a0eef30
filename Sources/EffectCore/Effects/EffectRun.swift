/// The asynchronous part of an effect: its work, the task priority to run it at, and the
/// cancellation ids it answers to.
@usableFromInline
struct EffectRun<Action> {
  /// The work of a run effect, ready to run in a task.
  typealias Work = @Sendable () async -> Void

  var priority: TaskPriority?
  var cancelIDs: [CancelID] = []
  var cancelsInFlight = false
  /// Makes the work for a way back into the store. Synchronous: lifting a child's run into its
  /// parent (``map(_:)``) adapts the `Send` before the work exists, instead of wrapping the work
  /// in one more asynchronous frame per level, each of which would stay in the task's memory
  /// for as long as the effect runs (a timer runs for hours).
  ///
  /// The work is the effect's task's whole operation, so work made from scratch (`Effect.run`,
  /// `concatenate`) ends with `send.finishEffect()`, which ends the effect when its `Send` was
  /// made for that.
  var prepare: @Sendable (Send<Action>) -> Work
  /// Contexts that only bind task-local values, outermost first: the runtime enters them around
  /// creating the effect's task, which inherits their values, instead of wrapping the work in
  /// an asynchronous frame and a closure per context for as long as the effect runs.
  var contexts: [any ReducerContext] = []
  /// Every context around the effect, outermost first, whatever kind: the actions it sends are
  /// transformed (``Effect/map(_:)``) inside them.
  var deliveryContexts: [any ReducerContext] = []
  /// Whether a `map` other than the library's own embeddings transforms the effect's actions:
  /// only then are ``deliveryContexts`` entered to deliver them.
  var hasTransforms = false
  /// The path that scopes the ids the effect itself cancels by at run time
  /// (`withTaskCancellation(id:)`, `Task.cancel(id:)`), as the ids of its description are: `nil`
  /// while no child scope puts one in front of user ids.
  var cancelScope: [AnyHashable]?
  /// Makes, from the way back into the store, what `DismissEffect` does inside this effect:
  /// set by the presentation or stack reducer nearest to the child that returned it (see
  /// ``Effect/dismissible(by:)``), `nil` for every other effect.
  var dismissal: (@Sendable (Send<Action>) -> EffectScope.Dismissal)?

  init(priority: TaskPriority?, prepare: @escaping @Sendable (Send<Action>) -> Work) {
    self.priority = priority
    self.prepare = prepare
  }

  func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction, isEmbedding: Bool
  ) -> EffectRun<NewAction> {
    let prepare = self.prepare
    var run = EffectRun<NewAction>(priority: priority) { send in prepare(send.map(transform)) }
    run.cancelIDs = cancelIDs
    run.cancelsInFlight = cancelsInFlight
    run.contexts = contexts
    run.deliveryContexts = deliveryContexts
    run.hasTransforms = hasTransforms || !isEmbedding
    run.cancelScope = cancelScope
    if let dismissal { run.dismissal = { send in dismissal(send.map(transform)) } }
    return run
  }

  /// Puts `context` around this effect, outside the contexts already around it.
  mutating func enter(_ context: some ReducerContext) {
    deliveryContexts.insert(context, at: 0)
    guard context.bindsTaskLocalsOnly else {
      // Entered inside the task, so the contexts inside it must be entered there too, after it.
      let prepare = prepareInsideContexts
      contexts = []
      self.prepare = Self.prepare(prepare, inside: context)
      return
    }
    contexts.insert(context, at: 0)
  }

  /// ``prepare`` with this run's contexts entered inside the work: for running it in a task
  /// that did not inherit them.
  var prepareInsideContexts: @Sendable (Send<Action>) -> Work {
    guard !contexts.isEmpty else { return prepare }
    return Self.prepare(prepare, inside: InheritedContexts(contexts: contexts))
  }

  /// `prepare`, with its work run inside `context`. The effect ends once the context is done
  /// too, as it did when the task ran the context around the work.
  private static func prepare(
    _ prepare: @escaping @Sendable (Send<Action>) -> Work, inside context: some ReducerContext
  ) -> @Sendable (Send<Action>) -> Work {
    { send in
      let work = prepare(send.withoutFinishing)
      return {
        await context.withEffectContext(work)
        send.finishEffect()
      }
    }
  }

  /// Runs `operation` (creating the effect's task) inside this run's contexts.
  func withContexts<R>(_ operation: () -> R) -> R {
    guard !contexts.isEmpty else { return operation() }
    return InheritedContexts(contexts: contexts).withEffectTaskCreation(operation)
  }
}
