/// What a ``TestStore`` has seen: actions from effects with the state each one left. Only used
/// on the main actor, by the test store and by its reducer.
final class ActionRecorder<State, Action> {
  var received: [(action: Action, state: State)] = []
  /// Set while the test itself sends, so that the first action reduced is not "received".
  var isTestSend = false
  /// The state right after the test's own action, before any action it led to.
  var afterTestSend: State?
  /// How many actions were reduced: tells effects that deliver from effects that wait.
  var reducedCount = 0
}

/// Wraps a test store's reducer to record every action that the test did not send itself.
struct RecordingReducer<State, Action>: Reducer {
  let base: Reduce<State, Action>
  let recorder: ActionRecorder<State, Action>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let effect = base.reduce(into: &state, action: action)
    recorder.reducedCount += 1
    if recorder.isTestSend, recorder.afterTestSend == nil {
      recorder.afterTestSend = state
    } else {
      recorder.received.append((action, state))
    }
    return effect
  }
}
