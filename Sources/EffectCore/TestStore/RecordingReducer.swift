/// An action a ``TestStore`` reduced, with what it left: the state, and the values of the
/// shared references that changed since the last assertion.
struct ReducedAction<State, Action> {
  let action: Action
  let state: State
  let shared: SharedSnapshot
}

/// What a ``TestStore`` has seen: actions from effects with the state each one left. Only used
/// on the main actor, by the test store and by its reducer.
final class ActionRecorder<State, Action> {
  var received: [ReducedAction<State, Action>] = []
  /// Set while the test itself sends, so that the first action reduced is not "received".
  var isTestSend = false
  /// The test's own action, right after it was reduced, before any action it led to.
  var afterTestSend: ReducedAction<State, Action>?
  /// How many actions were reduced: tells effects that deliver from effects that wait.
  var reducedCount = 0
  /// Takes the values of shared references after each action: a shared value changes in place,
  /// so the state an action left does not keep them.
  let sharedChanges: SharedChangeRecorder

  init(sharedChanges: SharedChangeRecorder) {
    self.sharedChanges = sharedChanges
  }
}

/// Wraps a test store's reducer to record every action that the test did not send itself.
struct RecordingReducer<State, Action>: Reducer {
  let base: Reduce<State, Action>
  let recorder: ActionRecorder<State, Action>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let effect = base.reduce(into: &state, action: action)
    recorder.reducedCount += 1
    let reduced = ReducedAction(
      action: action, state: state, shared: recorder.sharedChanges.snapshot())
    if recorder.isTestSend, recorder.afterTestSend == nil {
      recorder.afterTestSend = reduced
    } else {
      recorder.received.append(reduced)
    }
    return effect
  }
}
