import Synchronization

/// The last few edits of an ``IdentifiedArray``, so that an observer that saw an earlier value of
/// the same array learns which elements changed since without comparing them all.
///
/// Every value of an identified array carries a *stamp*, unique in the process: a new array gets
/// a fresh one, and every edit gives the array the next one. Copies share their stamp until one
/// of them is edited, so two values with one stamp hold the same elements. The journal keeps the
/// stamps and kinds of the last ``capacity`` edits: an observer that remembers the stamp it saw
/// asks ``forEachEdit(since:_:)`` for the edits made since; they are unknown when that stamp is not
/// in this value's recent history (too many edits since, or another lineage, such as a restored state),
/// and it must then compare everything.
@usableFromInline
struct EditJournal<ID: Hashable> {
  /// One edit: its stamp, and what it changed.
  @usableFromInline
  struct Entry {
    @usableFromInline var stamp: UInt64
    @usableFromInline var edit: ArrayEdit<ID>

    @inlinable init(stamp: UInt64, edit: ArrayEdit<ID>) {
      self.stamp = stamp
      self.edit = edit
    }
  }

  /// How many edits are remembered.
  @usableFromInline static var capacity: Int { 16 }

  /// This value's stamp.
  @usableFromInline var stamp: UInt64
  /// The stamp of the value before the oldest remembered edit.
  @usableFromInline var base: UInt64
  /// The remembered edits, a ring once full: the oldest is at ``oldest``.
  @usableFromInline var entries: [Entry]
  /// Where the oldest remembered edit is, once the ring is full (0 until then).
  @usableFromInline var oldest: Int

  /// A journal for a new array: a fresh stamp and no history.
  @inlinable init() {
    let stamp = EditStamps.next()
    self.stamp = stamp
    self.base = stamp
    self.entries = []
    self.oldest = 0
  }

  /// Notes an edit, giving the value a new stamp.
  @inlinable mutating func record(_ edit: ArrayEdit<ID>) {
    let stamp = EditStamps.next()
    let entry = Entry(stamp: stamp, edit: edit)
    if entries.count < Self.capacity {
      entries.append(entry)
    } else {
      base = entries[oldest].stamp
      entries[oldest] = entry
      oldest = oldest == Self.capacity - 1 ? 0 : oldest + 1
    }
    self.stamp = stamp
  }

  /// Calls `body` with each edit made since the value stamped `earlier`, oldest first.
  ///
  /// - Returns: `false` (and calls nothing) when this value's recent history does not go back to
  ///   that value.
  @usableFromInline func forEachEdit(
    since earlier: UInt64, _ body: (ArrayEdit<ID>) -> Void
  ) -> Bool {
    if earlier == stamp { return true }
    let count = entries.count
    var start: Int
    if earlier == base {
      start = 0
    } else {
      var found: Int?
      for step in 0..<count where entries[(oldest + step) % count].stamp == earlier {
        found = step + 1
      }
      guard let found else { return false }
      start = found
    }
    while start < count {
      body(entries[(oldest + start) % count].edit)
      start += 1
    }
    return true
  }
}

/// What one edit of an ``IdentifiedArray`` changed.
@usableFromInline
enum ArrayEdit<ID: Hashable> {
  /// The element with this id changed in place; ids and order did not.
  case element(ID)
  /// Elements were added or moved; no element that stays changed.
  case order
  /// The element with this id was removed (the others may have moved).
  case removed(ID)
}

/// The process-wide source of ``EditJournal`` stamps.
@usableFromInline
enum EditStamps {
  @usableFromInline static let counter = Atomic<UInt64>(0)

  /// A stamp no value has had before.
  @inlinable static func next() -> UInt64 {
    counter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

/// A value whose stamp says whether it was edited (see ``EditJournal``): an observer remembers
/// the stamp instead of a copy, which would make every edit in place copy the value's storage.
protocol EditStamped {
  var editStamp: UInt64 { get }
}

extension IdentifiedArray: EditStamped {}
