import Observation

/// The engine of a root store: the state, the reducer, the send loop and the effects.
@MainActor
final class RootCore<R: Reducer>: StoreCore, Observable {
  private var currentState: R.State
  private let reducer: R
  private let inherited: InheritedContexts?
  let registry = EffectRegistry()
  private let registrar = ObservationRegistrar()
  private var queue: [R.Action] = []
  private var isSending = false
  private var observers: [Int: @MainActor () -> Void] = [:]
  private var nextObserver = 0

  init(initialState: R.State, reducer: R) {
    self.currentState = initialState
    self.reducer = reducer
    let contexts = InheritedContext.current
    self.inherited = contexts.isEmpty ? nil : InheritedContexts(contexts: contexts)
  }

  deinit {
    registry.close()
  }

  var state: R.State {
    registrar.access(self, keyPath: \.state)
    return currentState
  }

  /// Reduces `action` and every action it leads to synchronously, in order, then notifies
  /// observers once. A send from inside the loop (an observer, a `.send` effect) is queued.
  func send(_ action: R.Action) -> StoreTask {
    queue.append(action)
    guard !isSending else { return StoreTask(handles: []) }
    isSending = true
    var handles: [EffectHandle] = []
    registrar.withMutation(of: self, keyPath: \.state) {
      let runtime = EffectRuntime(registry: registry) { [weak self] in _ = self?.send($0) }
      var index = 0
      while index < queue.count {
        let action = queue[index]
        index += 1
        let effect = reduce(action)
        runtime.execute(effect, enqueue: { queue.append($0) }, handles: &handles)
      }
      queue.removeAll(keepingCapacity: true)
    }
    isSending = false
    for observer in observers.values { observer() }
    return StoreTask(handles: handles)
  }

  private func reduce(_ action: R.Action) -> Effect<R.Action> {
    guard let inherited else { return reducer.reduce(into: &currentState, action: action) }
    return inherited.withContext { reducer.reduce(into: &currentState, action: action) }
      .withContext(inherited)
  }

  func addObserver(_ observer: @escaping @MainActor () -> Void) -> Int {
    nextObserver += 1
    observers[nextObserver] = observer
    return nextObserver
  }

  func removeObserver(_ token: Int) {
    observers[token] = nil
  }
}
