// How stores run effects. TCA keeps its whole engine in one small file; so do we.

/// Where a store's effects report back: its registry and its way in for actions.
@MainActor
struct EffectRuntime<Action> {
  let registry: EffectRegistry
  let deliver: @MainActor @Sendable (Action) -> Void

  /// Runs an effect returned by a reducer.
  ///
  /// - Parameters:
  ///   - effect: The effect.
  ///   - enqueue: Receives actions sent synchronously (`.send`), to be reduced next.
  ///   - tree: Receives a handle for each effect started, for the send's `StoreTask`; made on
  ///     the first one when `nil`.
  func execute(
    _ effect: Effect<Action>,
    enqueue: (Action) -> Void,
    tree: inout EffectTree?
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      enqueue(action)
    case .cancel(let id):
      registry.cancel(id: id)
    case .merge(let effects):
      for effect in effects { execute(effect, enqueue: enqueue, tree: &tree) }
    case .run(let run):
      let tree = Self.grow(&tree)
      let send = Send(deliver: deliver, handle: nil, registry: registry)
      if let handle = Self.start(run, send: send, registry: registry, tree: tree) {
        tree.add(handle)
      }
    case .subscribe(let subscription):
      let tree = Self.grow(&tree)
      let send = Send(deliver: deliver, handle: nil, registry: registry)
      if let handle = Self.subscribe(subscription, send: send, registry: registry, tree: tree) {
        tree.add(handle)
      }
    }
  }

  /// The tree, made now if the send has none yet: only a send that starts an effect pays for
  /// one.
  private static func grow(_ tree: inout EffectTree?) -> EffectTree {
    if let tree { return tree }
    let made = EffectTree()
    tree = made
    return made
  }
}

extension EffectRuntime {
  /// Starts one task for a run effect. The handle is registered before the task exists, so a
  /// cancel that follows at once always finds it.
  ///
  /// `dismissal` is what `DismissEffect` does in an effect whose run says nothing of its own:
  /// a part of a `concatenate` keeps the one of the effect it is part of.
  ///
  /// `tree` is the tree whose `StoreTask` covers what this effect's actions start; the caller
  /// adds the handle to it, once its task is attached (a waiter must never find a handle
  /// without its task).
  nonisolated static func start<A>(
    _ run: EffectRun<A>, send: Send<A>, registry: EffectRegistry, tree: EffectTree?,
    dismissal: EffectScope.Dismissal? = nil
  ) -> EffectHandle? {
    let handle = EffectHandle(ids: run.cancelIDs, tree: tree)
    guard registry.insert(handle, cancelInFlight: run.cancelsInFlight) else { return nil }
    let send = send.with(handle: handle, finishing: true)
      .transforming(inside: run.hasTransforms ? run.deliveryContexts : [])
    // The work ends the effect itself, so that it is the task's operation: a closure around it
    // would be one more allocation and one more frame for as long as the effect runs.
    let work = run.prepare(send)
    // The task inherits the task-local values the run's contexts bind around its creation, and
    // the scope in which it cancels by id and dismisses its feature.
    let scope = EffectScope(
      registry: registry, cancelScope: run.cancelScope,
      dismissal: run.dismissal.map { $0(send.withoutFinishing) } ?? dismissal)
    let serial = registry.prefersMainSerialExecutor
    let task = run.withContexts {
      EffectScope.$current.withValue(scope) {
        ClockActivity.makeTask { makeTask(serial: serial, priority: run.priority, work: work) }
      }
    }
    handle.attach(task)
    return handle
  }

  /// The task of one effect.
  ///
  /// On the main serial executor its work begins where TCA's does: TCA's task begins on the main
  /// actor (a turn of the queue) and hops to its work (another); here the task's first job is
  /// the first turn, and it yields once for the second. Elsewhere the work begins at once on the global executor, one hop less than TCA's:
  /// concurrent effects have no defined order there, in TCA or here, and what an effect sends
  /// still queues behind what was sent before it (see "Order of events" in Docs/EffectCore.md).
  private nonisolated static func makeTask(
    serial: Bool, priority: TaskPriority?, work: @escaping EffectRun<Action>.Work
  ) -> Task<Void, Never> {
    guard serial else { return Task(priority: priority, operation: work) }
    return Task(executorPreference: MainSerialExecutor.shared, priority: priority) {
      await Task.yield()
      await work()
    }
  }

  /// Registers a subscription: a handle without a task, whose cancellation unsubscribes and
  /// forgets it. Registered before `register` runs, so a cancel that `register` itself causes
  /// lands too.
  static func subscribe<A>(
    _ subscription: EffectSubscription<A>, send: Send<A>, registry: EffectRegistry,
    tree: EffectTree?
  ) -> EffectHandle? {
    let handle = EffectHandle(ids: subscription.cancelIDs, isSubscription: true, tree: tree)
    guard registry.insert(handle, cancelInFlight: subscription.cancelsInFlight) else { return nil }
    let unsubscribe = subscription.register(
      send.with(handle: handle)
        .transforming(inside: subscription.hasTransforms ? subscription.deliveryContexts : []))
    handle.attach { [weak registry] in
      unsubscribe()
      registry?.remove(handle)
    }
    return handle
  }
}

extension Effect {
  /// Runs the effect inside an already running effect task and returns when all of it is done:
  /// the building block of `concatenate`.
  func runToCompletion(_ send: Send<Action>) async {
    switch operation {
    case .none:
      return
    case .send(let action):
      await send.deliver(boxed: UncheckedSendable(action))
    case .cancel(let id):
      send.registry?.cancel(id: id)
    case .subscribe(let subscription):
      // The subscription outlives this part of the sequence: it gets a handle of its own.
      await MainActor.run {
        if let registry = send.registry {
          // It joins the tree of the effect it is part of, which ends it when cancelled.
          let tree = send.handle?.tree
          if let handle = EffectRuntime<Action>.subscribe(
            subscription, send: send, registry: registry, tree: tree)
          {
            tree?.add(handle)
          }
        } else {
          _ = subscription.register(send)
        }
      }
    case .merge(let effects):
      let parts = UncheckedSendable(effects)
      await withTaskGroup(of: Void.self) { group in
        for index in parts.value.indices {
          group.addTask { await parts.value[index].runToCompletion(send) }
        }
      }
    case .run(let run):
      guard !run.cancelIDs.isEmpty, let registry = send.registry else {
        await run.prepareInsideContexts(send.withoutFinishing)()
        return
      }
      // A part with its own cancellation ids gets a task of its own, so that cancelling it by id
      // stops that part and lets the sequence go on.
      // The part's actions start their effects in its effect's tree; the part itself is the
      // effect's to wait for and cancel, and does not join it.
      guard
        let handle = EffectRuntime<Action>.start(
          run, send: send, registry: registry, tree: send.handle?.tree,
          dismissal: EffectScope.current?.dismissal)
      else { return }
      await withTaskCancellationHandler {
        await handle.wait()
      } onCancel: {
        handle.cancel()
      }
    }
  }
}
