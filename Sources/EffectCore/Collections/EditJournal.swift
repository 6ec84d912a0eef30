import Synchronization

/// The last few edits of an ``IdentifiedArray``, so that an observer that saw an earlier value of
/// the same array learns which elements changed since without comparing them all.
///
/// Every value of an identified array carries a *stamp*, unique in the process: a new array gets
/// a fresh one, and every edit gives the array the next one. Copies share their stamp until one
/// of them is edited, so two values with one stamp hold the same elements. The journal keeps the
/// stamps and kinds of the last ``capacity`` edits: an observer that remembers the stamp it saw
/// asks ``changes(since:)`` and gets the edits made since, or `nil` when that stamp is not in this
/// value's recent history (too many edits since, or another lineage, such as a restored state),
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
  /// The remembered edits, oldest first.
  @usableFromInline var entries: [Entry]

  /// A journal for a new array: a fresh stamp and no history.
  @inlinable init() {
    let stamp = EditStamps.next()
    self.stamp = stamp
    self.base = stamp
    self.entries = []
  }

  /// Notes an edit, giving the value a new stamp.
  @inlinable mutating func record(_ edit: ArrayEdit<ID>) {
    let stamp = EditStamps.next()
    if entries.count == Self.capacity {
      base = entries.removeFirst().stamp
    }
    entries.append(Entry(stamp: stamp, edit: edit))
    self.stamp = stamp
  }

  /// The edits made since the value stamped `earlier`, oldest first; empty when this is that
  /// value, `nil` when this value's recent history does not go back to it.
  @usableFromInline func changes(since earlier: UInt64) -> ArraySlice<Entry>? {
    if earlier == stamp { return entries[entries.endIndex...] }
    if earlier == base { return entries[...] }
    guard let position = entries.lastIndex(where: { $0.stamp == earlier }) else { return nil }
    return entries[(position + 1)...]
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
