/// A state that keeps its invariants when undo or redo takes back some of its fields and keeps
/// others.
///
/// Undo is field by field: each field a step changed goes back, unless something changed that
/// field again since (then the later change wins), and every other field keeps its current
/// value. Each field is right on its own, but together they can make a value your reducer never
/// produces. A timer's duration change also changed what remains; when the timer ticks after
/// that change, undo takes back the duration (7 s) but keeps the count the ticks left (15 s),
/// and the timer has more time remaining than its duration.
///
/// Conform such a state to `UndoRepairable` and put the value right in
/// ``repairAfterUndo(from:)``, which undo and redo call on the patched value with the value from
/// just before the undo or redo:
///
/// ```swift
/// extension LonelyTimer.State: UndoRepairable {
///   mutating func repairAfterUndo(from previous: Self) {
///     // The duration went back but the ticks since were kept: keep the time counted so far
///     // within the old duration, as changing the duration does.
///     guard duration != previous.duration, remaining == previous.remaining else { return }
///     let restored = duration
///     duration = previous.duration
///     change(duration: restored)
///   }
/// }
/// ```
///
/// The call comes for every conforming value that the undo or redo rebuilt because the step
/// changed something inside it, at any depth in the state (the root, a child, a row of an
/// identified array), inner values first, when that value changed since the step. A value still
/// exactly as the step left it goes back exactly as it was, without a call. Values the step did
/// not touch are not called. A change to a field the step did not touch also brings the call,
/// so leave a valid value as it is.
///
/// What the repair changes is part of the undo or redo: the history records what the undo or
/// redo changed, repairs included, so a redo right after an undo (or an undo right after a
/// redo) gives back exactly the state from before it.
///
/// The repair runs synchronously inside `UndoHistory.undo()` and `redo()` (and a test store's
/// `undo(_:)` and `redo(_:)`, which assert its result). It is not an action: no reducer runs and
/// no effect starts, so keep it to the state, and deterministic.
public protocol UndoRepairable {
  /// Puts right a value that undo or redo patched field by field.
  ///
  /// - Parameter previous: The value just before the undo or redo; `self` is the value the
  ///   patch made.
  mutating func repairAfterUndo(from previous: Self)
}
