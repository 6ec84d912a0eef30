import Synchronization

/// The running effects of one root store, by cancellation id.
///
/// Each store owns one registry, so one store can never cancel another's effects. It is guarded
/// by a mutex rather than the main actor so that effects leave it when they finish without a hop
/// to the main actor, and so that a store's deinit can cancel everything.
final class EffectRegistry: Sendable {
  private let storage = LockIsolated(Storage())

  fileprivate struct Storage {
    var handles: [ObjectIdentifier: EffectHandle] = [:]
    var byID: [CancelID: Holders] = [:]
    /// Subscriptions: no task to wait for; they last until they are cancelled.
    var subscriptions = 0
    /// Operations inside effects, which their effects' handles count already.
    var nested = 0
    var isClosed = false
    /// The identities of the navigation children with effects running, by the place they live,
    /// with how many effects each has (see `ChildLifetime`).
    var mounted: [[AnyHashable]: [AnyHashable?: Int]] = [:]
    /// The handles counted in `mounted`.
    var mountedHandles: Set<ObjectIdentifier> = []
  }

  /// Registers a handle before its task starts, so that a cancel sent right after always lands.
  ///
  /// - Returns: `false` if the registry was closed (its store is gone): the effect must not run.
  func insert(_ handle: EffectHandle, cancelInFlight: Bool) -> Bool {
    let (accepted, replaced) = storage.withLock { storage -> (Bool, [EffectHandle]) in
      guard !storage.isClosed else { return (false, []) }
      var replaced: [EffectHandle] = []
      let key = ObjectIdentifier(handle)
      for id in handle.ids {
        if cancelInFlight, let running = storage.byID.removeValue(forKey: id) {
          for running in running.handles {
            storage.forget(ObjectIdentifier(running), handle: running)
            replaced.append(running)
          }
        }
        // Taken out and put back, so that adding to many never copies them.
        var holders = storage.byID.removeValue(forKey: id) ?? .one(handle)
        holders.add(handle)
        storage.byID[id] = holders
      }
      storage.handles[key] = handle
      storage.mount(key, handle: handle)
      if handle.isSubscription { storage.subscriptions += 1 }
      if handle.isNested { storage.nested += 1 }
      return (true, replaced)
    }
    for handle in replaced { handle.cancel() }
    return accepted
  }

  /// Forgets a finished effect. It leaves the registry before it says it has finished, so that
  /// whoever sees it finished (`StoreTask.finish()`, a test store) never still counts it here.
  func remove(_ handle: EffectHandle) {
    storage.withLock { $0.remove(ObjectIdentifier(handle), handle: handle) }
    handle.markFinished()
  }

  func cancel(id: CancelID) {
    let cancelled = storage.withLock { storage -> [EffectHandle] in
      switch id {
      case .unmounted(let place, let keeping):
        guard let keys = storage.mounted[place]?.keys else { return [] }
        return keys.filter { !keeping.contains($0) }.flatMap {
          storage.take(.mounted(place: place, key: $0))
        }
      case .elements(let path, let keeping):
        let gone = storage.byID.keys.filter {
          guard case .child(let child) = $0, child.count == path.count + 1,
            !keeping.contains(child[path.count])
          else { return false }
          return child.starts(with: path)
        }
        return gone.flatMap { storage.take($0) }
      default:
        return storage.take(id)
      }
    }
    for handle in cancelled { handle.cancel() }
  }

  /// Cancels everything and refuses new effects: the store is going away.
  func close() {
    let cancelled = storage.withLock { storage -> [EffectHandle] in
      storage.isClosed = true
      storage.forgetAll()
      return Array(storage.handles.values)
    }
    for handle in cancelled { handle.cancel() }
  }

  /// Cancels everything that runs now; the registry stays open.
  func cancelAll() {
    let cancelled = storage.withLock { storage -> [EffectHandle] in
      storage.forgetAll()
      return Array(storage.handles.values)
    }
    for handle in cancelled { handle.cancel() }
  }

  /// Whether the store's effects run on the main serial executor: a test store's by default
  /// (`useMainSerialExecutor`), and any store's whose effects start inside
  /// `withMainSerialExecutor`.
  var prefersMainSerialExecutor: Bool {
    usesMainSerialExecutor.load(ordering: .relaxed) || MainSerialExecutor.isInForce
  }

  /// Whether the store asked for the main serial executor for all its effects.
  let usesMainSerialExecutor = Atomic<Bool>(false)

  /// Actions that effects sent, waiting to be reduced on the main actor, in order.
  private let mailbox = LockIsolated(Mailbox())

  private struct Mailbox {
    var jobs: [@MainActor @Sendable () -> Void] = []
    var isScheduled = false
  }

  /// Runs `job` on the main actor after the jobs posted before it, outside the poster's task:
  /// the task-local values in force where an effect runs never reach the reducer. Jobs posted
  /// while a drain is pending share it, so many effects sending at once (timers ticking in the
  /// same instant) cost one hop, not one task each.
  ///
  /// On the main serial executor, each job is a turn of the main actor of its own, queued
  /// behind the jobs before it, as a hop to the main actor is: the order of events is then the
  /// same every run, and the same as TCA's.
  func post(_ job: @escaping @MainActor @Sendable () -> Void) {
    if MainSerialExecutor.isInForce {
      Task.detached { @MainActor in MainSerialExecutor.$isDelivering.withValue(true, operation: job)
      }
      return
    }
    let schedule = mailbox.withLock { mailbox -> Bool in
      mailbox.jobs.append(job)
      guard !mailbox.isScheduled else { return false }
      mailbox.isScheduled = true
      return true
    }
    if schedule { scheduleDrain() }
  }

  /// Drains the mailbox on the main actor's next turn. A detached task starts with no task-local
  /// values.
  private func scheduleDrain() {
    Task.detached { @MainActor [self] in drain() }
  }

  /// How long one drain runs before the main actor's other work gets a turn.
  static let drainTurn = Duration.milliseconds(10)

  /// Runs the jobs waiting now, in order, for at most ``drainTurn``; the rest, and jobs posted
  /// meanwhile, wait for another turn of the main actor, so that a flood of effects (tens of
  /// thousands of timers ticking, more than the main actor keeps up with) never starves the
  /// main actor's other work: the screen, key presses, a `Task` that awaits on it. A turn that
  /// took every job waiting made that work wait for all of them: seconds, once the jobs came
  /// faster than they ran.
  @MainActor
  private func drain() {
    let jobs = mailbox.withLock { mailbox -> [@MainActor @Sendable () -> Void] in
      defer { mailbox.jobs = [] }
      return mailbox.jobs
    }
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: Self.drainTurn)
    var done = 0
    while done < jobs.count {
      jobs[done]()
      done += 1
      // The clock is read every few jobs: a job is a whole action reduced.
      if done % 16 == 0, done < jobs.count, clock.now >= end { break }
    }
    let more = mailbox.withLock { mailbox -> Bool in
      if done < jobs.count { mailbox.jobs.insert(contentsOf: jobs[done...], at: 0) }
      if mailbox.jobs.isEmpty { mailbox.isScheduled = false }
      return mailbox.isScheduled
    }
    if more { scheduleDrain() }
  }

  /// The number of effect tasks that have not returned yet, cancelled ones included.
  /// Subscriptions have no task, and operations inside effects are their effect's: neither
  /// counts.
  var count: Int {
    storage.withLock { $0.handles.count - $0.subscriptions - $0.nested }
  }

  /// The number of effects in flight, subscriptions included: what a test store's leak checks
  /// count, since a subscription lasts until something ends it.
  var countWithSubscriptions: Int {
    storage.withLock { $0.handles.count - $0.nested }
  }

  var running: [EffectHandle] { storage.withLock { Array($0.handles.values) } }
}

extension EffectRegistry.Storage {
  /// Drops a finished effect.
  fileprivate mutating func remove(_ key: ObjectIdentifier, handle: EffectHandle) {
    guard handles.removeValue(forKey: key) != nil else { return }
    if handle.isSubscription { subscriptions -= 1 }
    if handle.isNested { nested -= 1 }
    forget(key, handle: handle)
  }

  /// Takes the effects running under `id` out of reach: they are about to be cancelled.
  fileprivate mutating func take(_ id: CancelID) -> [EffectHandle] {
    guard let running = byID.removeValue(forKey: id) else { return [] }
    let handles = running.handles
    for handle in handles { forget(ObjectIdentifier(handle), handle: handle) }
    return handles
  }

  /// Counts a new effect in the children it belongs to.
  fileprivate mutating func mount(_ key: ObjectIdentifier, handle: EffectHandle) {
    var isMounted = false
    for case .mounted(let place, let child) in handle.ids {
      mounted[place, default: [:]][child, default: 0] += 1
      isMounted = true
    }
    guard isMounted, mountedHandles.insert(key).inserted else { return }
    ChildLifetime.liveEffects.add(1, ordering: .relaxed)
  }

  /// Makes every effect unreachable by id: they are all about to be cancelled.
  fileprivate mutating func forgetAll() {
    byID = [:]
    mounted = [:]
    ChildLifetime.liveEffects.subtract(mountedHandles.count, ordering: .relaxed)
    mountedHandles = []
  }

  /// Makes a cancelled effect unreachable by id; it stays counted until its task returns.
  fileprivate mutating func forget(_ key: ObjectIdentifier, handle: EffectHandle) {
    if mountedHandles.remove(key) != nil {
      ChildLifetime.liveEffects.subtract(1, ordering: .relaxed)
      for case .mounted(let place, let child) in handle.ids {
        guard var children = mounted.removeValue(forKey: place), let count = children[child]
        else { continue }
        children[child] = count > 1 ? count - 1 : nil
        if !children.isEmpty { mounted[place] = children }
      }
    }
    for id in handle.ids {
      guard var holders = byID.removeValue(forKey: id) else { continue }
      if holders.remove(key) { byID[id] = holders }
    }
  }
}

/// The effects running under one id. Almost always one, and it is stored as such, since a
/// store with ten thousand running timers has ten thousand ids; a few (a row's timer and its
/// subscription under the row's tag) are a small array; only many get a dictionary, so that
/// adding and removing stay O(1) however many share an id.
enum Holders {
  case one(EffectHandle)
  case few([EffectHandle])
  case many([ObjectIdentifier: EffectHandle])

  /// The most handles kept in an array.
  static let fewLimit = 8

  var handles: [EffectHandle] {
    switch self {
    case .one(let handle): [handle]
    case .few(let handles): handles
    case .many(let handles): Array(handles.values)
    }
  }

  mutating func add(_ handle: EffectHandle) {
    switch self {
    case .one(let existing):
      guard existing !== handle else { return }
      self = .few([existing, handle])
    case .few(var handles):
      guard !handles.contains(where: { $0 === handle }) else { return }
      self = .one(handle)  // Lets go of the array, so that it changes in place.
      guard handles.count < Self.fewLimit else {
        var many = [ObjectIdentifier: EffectHandle](minimumCapacity: handles.count * 2)
        for handle in handles { many[ObjectIdentifier(handle)] = handle }
        many[ObjectIdentifier(handle)] = handle
        self = .many(many)
        return
      }
      handles.append(handle)
      self = .few(handles)
    case .many(var handles):
      self = .many([:])
      handles[ObjectIdentifier(handle)] = handle
      self = .many(handles)
    }
  }

  /// Removes a handle; returns whether any are left.
  mutating func remove(_ key: ObjectIdentifier) -> Bool {
    switch self {
    case .one(let existing):
      return ObjectIdentifier(existing) != key
    case .few(var handles):
      self = .few([])
      handles.removeAll { ObjectIdentifier($0) == key }
      self = handles.count == 1 ? .one(handles[0]) : .few(handles)
      return !handles.isEmpty
    case .many(var handles):
      self = .many([:])
      handles.removeValue(forKey: key)
      if handles.count == 1, let last = handles.values.first {
        self = .one(last)
      } else {
        self = .many(handles)
      }
      return !handles.isEmpty
    }
  }
}
