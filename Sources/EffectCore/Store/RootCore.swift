/// The engine of a root store: the state, the reducer, the send loop and the effects.
@MainActor
final class RootCore<State, Action>: StoreCore {
  /// Calls the reducer, which it holds. A store's initializer makes it where the reducer's type
  /// is known (see `Store.init`), so that the whole tree of reducers runs specialised.
  ///
  /// (The engine is generic over the state and the action, not over the reducer: this class is
  /// not specialised, and a reducer's associated types would be looked up at run time on every
  /// send.)
  typealias ReduceFunction = (inout State, Action) -> Effect<Action>

  // The engine's fields are not checked for exclusive access at run time: the engine lives on
  // the main actor, and its loop never reduces re-entrantly (a send from inside is queued), so
  // the checks, each a look-up in a thread-local set, only cost (a third of a send). The one
  // overlap code outside the loop could cause, a state write from inside a reducer, is refused
  // (`isReducing`).
  @exclusivity(unchecked) private var currentState: State
  private let reduceFunction: ReduceFunction
  private let inherited: InheritedContexts?
  let registry = EffectRegistry()
  /// What views read through this store and the stores scoped from it: made on the first read
  /// a view could observe, or the first child store. Until then, sends compare nothing.
  @exclusivity(unchecked) private var node: ObservationNode<State>?
  @exclusivity(unchecked) private var queue: [Action] = []
  /// Whether `queue` holds actions. This class is not specialised: an array's `count` here is a
  /// call into the generic array, with a retain and a release of its buffer, twice a send.
  @exclusivity(unchecked) private var hasQueued = false
  @exclusivity(unchecked) private var isSending = false
  /// Whether the reducer runs now, on `currentState` in place: a write of the state meanwhile
  /// (`restoreState` called from inside the reducer) is refused (see `currentState`).
  @exclusivity(unchecked) private var isReducing = false
  @exclusivity(unchecked) private var observers: [Int: @MainActor () -> Void] = [:]
  private var nextObserver = 0
  /// What to call when this engine goes away, by observer token: the ends of `states` streams.
  private var ends: [Int: @Sendable () -> Void] = [:]
  /// Made once, on the first effect: it holds the way back in for actions that effects send.
  @exclusivity(unchecked) private var runtime: EffectRuntime<Action>?
  /// Told of the effects each action starts: a test store, which reports an effect still running
  /// at the end of a test at the call that started it, naming its action. `nil` elsewhere.
  @exclusivity(unchecked) var didStartEffects: ((Action, ArraySlice<EffectHandle>) -> Void)?

  /// An engine that calls `reducer` through a function made here: for callers whose reducer's
  /// type is not known where the store is made (a test store's wrapper).
  convenience init<R: Reducer<State, Action>>(initialState: State, reducer: R) {
    self.init(initialState: initialState) { reducer.reduce(into: &$0, action: $1) }
  }

  init(initialState: State, reduce: @escaping ReduceFunction) {
    self.currentState = initialState
    self.reduceFunction = reduce
    let contexts = InheritedContext.current
    self.inherited = contexts.isEmpty ? nil : InheritedContexts(contexts: contexts)
  }

  deinit {
    registry.close()
    for end in ends.values { end() }
  }

  var state: State { currentState }

  func withStateInPlace<Result>(_ body: (inout State) -> Result) -> Result {
    body(&currentState)
  }

  /// A root store has no parent to go away from.
  var isGone: Bool { false }

  var observation: ObservationNode<State> {
    if let node { return node }
    let node = ObservationNode<State>(context: ObservationContext())
    self.node = node
    return node
  }

  /// Reduces `action` and every action it leads to synchronously, in order, then notifies
  /// observers once. A send from inside the loop (an observer, a `.send` effect, the `deinit` of
  /// a value the loop lets go) is queued, never reduced recursively.
  func send(_ action: Action) -> StoreTask {
    send(action, joining: nil)
  }

  /// Sends an action an effect delivered: its effects join the tree of the send that started
  /// that effect, as TCA appends them to that send's tasks.
  private func sendFromEffect(_ action: Action) {
    _ = send(action, joining: EffectTree.delivering)
  }

  @inline(__always)
  private func send(_ action: Action, joining origin: EffectTree?) -> StoreTask {
    guard !isSending else {
      enqueue(action)
      return .none
    }
    isSending = true
    origin?.prune()
    var tree = origin
    reduceAndRun(action, tree: &tree)
    finishBatch(tree: &tree)
    return StoreTask(tree: tree)
  }

  /// Changes the state outside any reducer, as one batch: observers hear it once.
  func restore(_ change: (inout State) -> Void) -> Bool {
    guard !isReducing else {
      RuntimeWarning.report(
        "'restoreState' was called while the store's reducer was running; nothing was "
          + "changed. Change the state from the reducer itself, or restore it after the action.")
      return false
    }
    change(&currentState)
    guard !isSending else { return true }
    isSending = true
    var tree: EffectTree?
    finishBatch(tree: &tree)
    return true
  }

  /// Ends a batch, with `isSending` set: reduces the queued actions in order, then tells the
  /// observers, and goes on while what they sent (or anything released meanwhile sent) is
  /// queued. Every observer of a batch is told before anything it sends is reduced.
  @inline(__always)
  private func finishBatch(tree: inout EffectTree?) {
    repeat {
      if hasQueued { reduceQueued(tree: &tree) }
      if node != nil || !observers.isEmpty { didChange() }
    } while hasQueued
    isSending = false
  }

  private func enqueue(_ action: Action) {
    queue.append(action)
    hasQueued = true
  }

  /// Reduces the queued actions, and those queued meanwhile, in order.
  ///
  /// The queue is moved out before its actions are reduced: an action's payload whose `deinit`
  /// sends (when the batch lets it go) then appends to an empty queue, never to the array being
  /// read, as TCA keeps its buffered actions alive while it clears them.
  private func reduceQueued(tree: inout EffectTree?) {
    while hasQueued {
      var batch: [Action] = []
      swap(&batch, &queue)
      hasQueued = false
      for next in batch { reduceAndRun(next, tree: &tree) }
    }
  }

  /// After a batch: views hear of the values they read that changed, then `states` streams and
  /// other observers get the new state.
  private func didChange() {
    if let node {
      // A copy: what the node tells may restore the state while the node reads it.
      let state = currentState
      node.update(state)
      node.context.flush()
    }
    if !observers.isEmpty {
      for observer in observers.values { observer() }
    }
  }

  /// Reduces `action`, and starts what its effect does unless it is `.none` (told apart here: a
  /// call to `run` for every action cost a send measurably).
  @inline(__always)
  private func reduceAndRun(_ action: Action, tree: inout EffectTree?) {
    let effect = reduce(action)
    if !effect.isNone { run(effect, of: action, tree: &tree) }
  }

  @inline(__always)
  private func reduce(_ action: Action) -> Effect<Action> {
    isReducing = true
    defer { isReducing = false }
    guard let inherited else { return reduceFunction(&currentState, action) }
    return inherited.withContext { reduceFunction(&currentState, action) }
      .withContext(inherited)
  }

  /// Starts what `effect` (not `.none`) does.
  private func run(_ effect: Effect<Action>, of action: Action, tree: inout EffectTree?) {
    let runtime =
      self.runtime
      ?? EffectRuntime(registry: registry) { [weak self] in self?.sendFromEffect($0) }
    self.runtime = runtime
    guard let didStartEffects else {
      return runtime.execute(effect, enqueue: { enqueue($0) }, tree: &tree)
    }
    // Handles join a tree on the main actor only: those past `start` are this action's.
    let start = tree?.count ?? 0
    runtime.execute(effect, enqueue: { enqueue($0) }, tree: &tree)
    if let tree, tree.count > start { didStartEffects(action, tree.handles(from: start)) }
  }

  func addObserver(_ observer: @escaping @MainActor () -> Void) -> Int {
    nextObserver += 1
    observers[nextObserver] = observer
    return nextObserver
  }

  func removeObserver(_ token: Int) {
    observers[token] = nil
    ends[token] = nil
  }

  func observeStates(
    _ receive: @escaping @MainActor (State) -> Void, end: @escaping @Sendable () -> Void
  ) -> @MainActor () -> Void {
    let token = addObserver { [unowned self] in receive(currentState) }
    ends[token] = end
    return { [weak self] in self?.removeObserver(token) }
  }
}
