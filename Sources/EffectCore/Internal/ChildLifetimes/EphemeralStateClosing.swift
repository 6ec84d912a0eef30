/// Whether an ephemeral presented state closes on a child action: when the state is an alert or
/// dialog and the action is of its action type, directly or as the payload of the action's case
/// (an enum destination's alert case).
@usableFromInline
func ephemeralStateCloses<State, Action>(_ state: State, on action: Action) -> Bool {
  let closingAction: Any.Type
  if let direct = DestinationCases.ephemeralAction(of: State.self) {
    closingAction = direct
  } else if let metadata = EnumMetadata(State.self),
    let ephemeral = DestinationCases.payloadCase(of: state, in: metadata)?.ephemeralAction
  {
    closingAction = ephemeral
  } else {
    return false
  }
  if Action.self == closingAction { return true }
  guard let metadata = EnumMetadata(Action.self) else { return false }
  guard let payload = DestinationCases.payloadCase(of: action, in: metadata) else {
    // A case laid out without payload: one whose payload takes no space, which an alert's
    // actions do when they are a one-case enum.
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(closingAction, do: size) == 0
  }
  return payload.type == closingAction
}
