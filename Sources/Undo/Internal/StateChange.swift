/// One thing a step changed: where in the state, and what was there before and after.
///
/// A step keeps only its changes, each at the deepest place the state differed: renaming one
/// row of 10,000 keeps the row's id and two names, not the rows.
struct StateChange {
  var path: [PathComponent]
  var edit: Edit

  /// A step in a path through the state.
  enum PathComponent: Hashable {
    /// A member of a keyed container (a property, an enum case).
    case key(String)
    /// An element of an array, by position in an array of `count` elements.
    case index(Int, count: Int)
    /// An element of an identified collection (`IdentifiedArray`, an array of `Identifiable`
    /// values), by id.
    case element(AnyHashable)
  }

  /// What changed at the end of a path.
  enum Edit {
    /// The value (or its absence, `nil`) before and after.
    case replace(old: StateNode?, new: StateNode?)
    /// An element added to (`old == nil`) or removed from (`new == nil`) an identified
    /// collection, and where it stood.
    case element(old: StateNode?, new: StateNode?, place: Place)
    /// The order of the elements an identified collection kept.
    case order(old: [AnyHashable], new: [AnyHashable])
    /// The whole of an ``UndoRepairable`` value that changed inside, before and after, recorded
    /// beside the changes further in: a value nothing has changed since the step is put back
    /// as it was, exactly, without a repair.
    case whole(old: StateNode, new: StateNode)
  }

  /// Where an element stood, to put it back there.
  struct Place {
    var index: Int
    var predecessor: AnyHashable?
    var successor: AnyHashable?
  }
}

extension StateChange.Edit {
  /// The value a change leaves behind when applied in `direction`, and the one it expects
  /// to find.
  func sides(_ direction: PatchDirection) -> (expected: StateNode?, target: StateNode?)? {
    switch self {
    case .replace(let old, let new), .element(let old, let new, _):
      direction == .undo ? (new, old) : (old, new)
    case .order, .whole:
      nil
    }
  }
}

/// Which way a step is applied.
enum PatchDirection {
  case undo
  case redo
}
