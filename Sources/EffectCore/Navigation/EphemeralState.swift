/// State shown for a moment that closes the first time it is used: ``AlertState`` and
/// ``ConfirmationDialogState``.
///
/// A presentation `ifLet` dismisses such a state as soon as any of its actions arrives, so that
/// a tapped button closes its alert without a line of the parent's code; it needs no child
/// reducer either:
///
/// ```swift
/// Reduce { state, action in ... }
///   .ifLet(\.$alert, action: /Action.alert)
/// ```
///
/// The same holds for an alert that is one case of an enum destination: an action of that
/// case's ``Action`` type, while the destination is in that case, dismisses it.
public protocol EphemeralState<Action> {
  /// What the state's buttons send.
  associatedtype Action
}
