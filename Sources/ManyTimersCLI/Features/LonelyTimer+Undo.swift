import Undo

extension LonelyTimer.State: UndoRepairable {
  /// Keeps `0 ≤ remaining ≤ duration` when undo or redo moves the duration back or forth.
  ///
  /// Changing the duration also changes what remains (the time counted so far is kept). When the
  /// timer has ticked since, field-by-field undo takes back the duration but keeps the count the
  /// ticks left, which no action produces: a 7-second timer with 15 seconds to go. The repair
  /// makes the move of the duration the way the `setDuration` edits do, from the value before the
  /// undo, so that the time counted so far is kept within the restored duration; and a timer
  /// that finished since keeps no time left. The Undo module calls it only on a timer that
  /// changed since the step (one still as the step left it goes back exactly), and records what
  /// it did, so that a redo takes the repair back exactly too.
  mutating func repairAfterUndo(from previous: Self) {
    if duration != previous.duration, remaining == previous.remaining {
      let restored = duration
      duration = previous.duration
      change(duration: restored)
    }
    remaining = min(max(0, remaining), duration)
    // A timer that finished since has no time left, whatever the step put back.
    if status == .finished { remaining = 0 }
  }
}
