import Synchronization

/// The last few edits of an ``IdentifiedArray``, so that an observer that saw an earlier value of
/// the same array learns which elements changed since without comparing them all.
///
/// Every value of an identified array carries a *stamp*, unique in the process: a new array gets
/// a fresh one, and every edit gives the array another. Copies share their stamp until one of
/// them is edited, so two values with one stamp hold the same elements. The journal keeps the
/// stamps and kinds of the last ``capacity`` edits: an observer that remembers the stamp it saw
/// asks ``forEachEdit(since:_:)`` for the edits made since; they are unknown when that stamp is not
/// in this value's recent history (too many edits since, or another lineage, such as a restored state),
/// and it must then compare everything.
///
/// A stamp names a *lineage* (its high bits, drawn from a process-wide counter) and an edit
/// within it (its low ``editBits``). A value whose edit ring no copy shares is the only value
/// with its stamp, so its next edit takes the next stamp of its lineage, without touching the
/// shared counter (an atomic operation, the dearest part of an edit); a value that shares its
/// ring with a copy, or has none yet, starts a lineage of its own. Stamps are only ever compared
/// for equality.
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

  /// The remembered edits of one lineage of values, shared by copies until one of them edits.
  ///
  /// Changed only by the one value that holds it (copies copy it first), so its fields need no
  /// run-time exclusivity checks, which cost more than the rest of an edit.
  @usableFromInline
  final class Ring {
    /// The stamp of the value before the oldest remembered edit.
    @exclusivity(unchecked) @usableFromInline var base: UInt64
    /// The remembered edits, a ring once full: the oldest is at ``oldest``.
    @exclusivity(unchecked) @usableFromInline var entries: [Entry]
    /// Where the oldest remembered edit is, once the ring is full (0 until then).
    @exclusivity(unchecked) @usableFromInline var oldest: Int

    @usableFromInline init(base: UInt64, entries: [Entry] = [], oldest: Int = 0) {
      self.base = base
      self.entries = entries
      self.oldest = oldest
      self.entries.reserveCapacity(EditJournal.capacity)
    }

    @usableFromInline func copy() -> Ring {
      Ring(base: base, entries: entries, oldest: oldest)
    }

    @inlinable func append(_ entry: Entry) {
      if entries.count < EditJournal.capacity {
        entries.append(entry)
      } else {
        base = entries[oldest].stamp
        entries[oldest] = entry
        oldest = oldest == EditJournal.capacity - 1 ? 0 : oldest + 1
      }
    }
  }

  /// How many edits are remembered.
  @usableFromInline static var capacity: Int { 16 }
  /// How many low bits of a stamp count the edits of one lineage.
  @usableFromInline static var editBits: UInt64 { 24 }

  /// This value's stamp.
  @usableFromInline var stamp: UInt64
  /// This value's recent edits; `nil` until its first edit.
  @usableFromInline var ring: Ring?

  /// A journal for a new array: a fresh stamp and no history.
  @inlinable init() {
    self.stamp = EditStamps.nextLineage()
    self.ring = nil
  }

  /// Notes an edit, giving the value a new stamp.
  @inlinable mutating func record(_ edit: ArrayEdit<ID>) {
    let stamp: UInt64
    let lastInLineage: UInt64 = (1 << Self.editBits) - 1
    if isKnownUniquelyReferenced(&ring), self.stamp & lastInLineage != lastInLineage {
      stamp = self.stamp &+ 1
    } else {
      stamp = EditStamps.nextLineage()
      ring = ring?.copy() ?? Ring(base: self.stamp)
    }
    ring.unsafelyUnwrapped.append(Entry(stamp: stamp, edit: edit))
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
    guard let ring else { return false }
    let entries = ring.entries
    let count = entries.count
    var start: Int
    if earlier == ring.base {
      start = 0
    } else {
      var found: Int?
      for step in 0..<count where entries[(ring.oldest + step) % count].stamp == earlier {
        found = step + 1
      }
      guard let found else { return false }
      start = found
    }
    while start < count {
      body(entries[(ring.oldest + start) % count].edit)
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

/// The process-wide source of ``EditJournal`` lineages.
@usableFromInline
enum EditStamps {
  @usableFromInline static let counter = Atomic<UInt64>(0)

  /// The first stamp of a lineage no value has had before.
  @usableFromInline static func nextLineage() -> UInt64 {
    counter.wrappingAdd(1, ordering: .relaxed).newValue << EditJournal<Int>.editBits
  }
}

/// A value whose stamp says whether it was edited (see ``EditJournal``): an observer remembers
/// the stamp instead of a copy, which would make every edit in place copy the value's storage.
protocol EditStamped {
  var editStamp: UInt64 { get }
}

extension IdentifiedArray: EditStamped {}
