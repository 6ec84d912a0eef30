/// What to save when another program changed a document while it was open here: both sides'
/// changes, field by field, from what both started from.
///
/// The fields are the name, the duration, and the count (`remaining` and `status` together).
/// A field only one side changed takes that side's value; a field both changed keeps ours, and
/// is named in ``overridden``. A duration taken from the other side is applied the way the
/// `duration` edit is (`change(duration:)`) when our count moved: the time counted here is kept.
struct DocumentMerge: Equatable {
  /// The document to save.
  var document: TimerDocument
  /// The fields taken from the other side ("name", "duration", "count").
  var taken: [String] = []
  /// The fields both sides changed, which keep our value.
  var overridden: [String] = []

  init(base: TimerDocument, ours: TimerDocument, theirs: TimerDocument) {
    document = ours
    var timer = ours.timer
    if theirs.timer.name != base.timer.name, theirs.timer.name != ours.timer.name {
      if ours.timer.name == base.timer.name {
        timer.name = theirs.timer.name
        taken.append("name")
      } else {
        overridden.append("name")
      }
    }
    let ourCountMoved = Self.count(ours) != Self.count(base)
    let theirCountMoved = Self.count(theirs) != Self.count(base)
    var countTaken = false
    if theirs.timer.duration != base.timer.duration, theirs.timer.duration != ours.timer.duration {
      if ours.timer.duration == base.timer.duration {
        if ourCountMoved {
          timer.change(duration: theirs.timer.duration)
        } else {
          timer.duration = theirs.timer.duration
          timer.remaining = theirs.timer.remaining
          timer.status = theirs.timer.status
          countTaken = theirCountMoved
        }
        taken.append("duration")
      } else {
        overridden.append("duration")
      }
    }
    if theirCountMoved, !countTaken, Self.count(theirs) != Self.count(ours) {
      if !ourCountMoved {
        timer.remaining = min(theirs.timer.remaining, timer.duration)
        timer.status = theirs.timer.status
        taken.append("count")
      }
      // Both counts moved (both sides count it): ours is the live one here; nothing is said.
    }
    if timer.status == .finished { timer.remaining = 0 }
    timer.remaining = min(max(0, timer.remaining), timer.duration)
    document.timer = timer
  }

  private static func count(_ document: TimerDocument) -> [Int] {
    [document.timer.remaining, LonelyTimer.Status.allCases.firstIndex(of: document.timer.status)!]
  }
}
