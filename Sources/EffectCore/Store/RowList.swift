/// The row stores of one list of one store: kept by that store (so that a row's store is the same
/// object for as long as its row lives), and handed their rows after each batch, only the rows
/// the list's edits since the last batch touched (see ``EditJournal``).
///
/// Row stores are many, so each is kept small: a row's engine (``ElementCore``) holds its id, its
/// last row, and the members its views read, whose comparisons are shared by every row of the
/// list.
@MainActor
final class RowList<ParentState, ParentAction, ID: Hashable, State, Action>: RowStoreSource {
  typealias Core = ElementCore<ParentState, ParentAction, ID, State, Action>
  let access: ListAccess<ParentState, ParentAction, ID, State, Action>
  private let stores = KeptChildStores<ID, Core>()
  private var stamp: UInt64

  init(
    parent: any StoreCore<ParentState, ParentAction>,
    rows: KeyPath<ParentState, IdentifiedArray<ID, State>>,
    toRowAction: CasePath<ParentAction, (ID, Action)>,
    reads: RowReads<ParentState, ID, State>
  ) {
    self.access = ListAccess(parent: parent, rows: rows, toRowAction: toRowAction, reads: reads)
    self.stamp = access.withRows { $0.editStamp }
    parent.observation.link(RowListLink(self))
  }

  func store(for id: ID, row: State) -> Store<State, Action> {
    if let store = stores.attached(id) { return store }
    guard let current = access.row(id) else {
      return stores.gone(Core(access: access, id: id, row: row))
    }
    return stores.keep(Core(access: access, id: id, row: current), for: id)
  }

  /// Detaches and drops the stores of rows that are gone, when there are more stores than rows.
  func prune(keeping ids: [ID]) {
    stores.prune(keeping: ids)
  }

  /// Hands the row stores their rows after a batch.
  func update(_ state: ParentState) {
    access.rowsPath.read(state) { update(rows: &$0) }
  }

  /// `inout` only to read the rows in place: they are not changed.
  private func update(rows: inout IdentifiedArray<ID, State>) {
    let new = rows.editStamp
    guard new != stamp else { return }
    let earlier = stamp
    stamp = new
    guard !stores.isEmpty else { return }
    let known = rows.forEachEdit(since: earlier) { edit in
      switch edit {
      case .element(let id), .removed(let id): stores.hand(rows[id: id], to: id)
      case .order: break
      }
    }
    if !known {
      for id in Array(stores.ids) { stores.hand(rows[id: id], to: id) }
    }
  }
}

/// What every row store of one list reads and sends through, shared: the parent's engine, the
/// paths to the rows and to their actions, and the comparisons of the members views read.
@MainActor
final class ListAccess<ParentState, ParentAction, ID: Hashable, State, Action> {
  let parent: any StoreCore<ParentState, ParentAction>
  /// The rows, read in place where the path names a stored property.
  let rowsPath: StateReadPath<ParentState, IdentifiedArray<ID, State>>
  let toRowAction: CasePath<ParentAction, (ID, Action)>
  /// The reads made for the caller's types.
  private let reads: RowReads<ParentState, ID, State>
  private var comparisons: [AnyKeyPath: any MemberComparison<State>] = [:]

  init(
    parent: any StoreCore<ParentState, ParentAction>,
    rows: KeyPath<ParentState, IdentifiedArray<ID, State>>,
    toRowAction: CasePath<ParentAction, (ID, Action)>,
    reads: RowReads<ParentState, ID, State>
  ) {
    self.parent = parent
    self.rowsPath = StateReadPath(rows)
    self.toRowAction = toRowAction
    self.reads = reads
  }

  /// The path to the rows.
  var rows: KeyPath<ParentState, IdentifiedArray<ID, State>> { rowsPath.keyPath }

  /// Whether the parent's rows hold `id` now.
  func containsRow(_ id: ID) -> Bool {
    parent.withStateInPlace { reads.contains($0, id) }
  }

  /// The parent's row with `id` now, if it has one.
  func row(_ id: ID) -> State? {
    parent.withStateInPlace { reads.row($0, id) }
  }

  /// Runs `body` on the parent's rows now, read where the parent holds its state (see
  /// ``StoreCore/withStateInPlace(_:)``); `body` must not change them.
  func withRows<Result>(_ body: (inout IdentifiedArray<ID, State>) -> Result) -> Result {
    parent.withStateInPlace { state in rowsPath.read(state, body) }
  }

  /// The comparison of one member, made once for the whole list.
  func comparison<Value>(of keyPath: KeyPath<State, Value>) -> any MemberComparison<State> {
    if let known = comparisons[keyPath] { return known }
    let made = MemberComparisonOf(keyPath)
    comparisons[keyPath] = made
    return made
  }
}

/// The link from a list's parent to its row stores; ends with the store that scoped them.
@MainActor
final class RowListLink<ParentState, ParentAction, ID: Hashable, State, Action>: StateLink {
  private weak var list: RowList<ParentState, ParentAction, ID, State, Action>?

  init(_ list: RowList<ParentState, ParentAction, ID, State, Action>) {
    self.list = list
  }

  func update(_ state: ParentState) -> Bool {
    guard let list else { return false }
    list.update(state)
    return true
  }
}

/// The engine of one row's store: reads its row by id, sends through the list's case.
///
/// Its lifetime (appearing, replaced, going away, a read or a send after it is gone) is the one
/// ``ChildStoreEngine`` gives every child store, with the row as of the last batch. What is its
/// own, for speed: it finds its row by id in the list and sends through the list's case, and for
/// each member a view read it keeps the comparison (shared by the list) and the member's name for
/// observation; after a batch that touched the row it compares each such member of the old and
/// new row, instead of keeping an observation node per row.
@MainActor
final class ElementCore<ParentState, ParentAction, ID: Hashable, State, Action>: StoreCore,
  ChildStoreEngine
{
  private let access: ListAccess<ParentState, ParentAction, ID, State, Action>
  private let id: ID
  /// The row as of the last batch that touched it.
  var last: State
  var isDetached = false
  /// The first member read: most row views read one.
  private var first: RowMember<State>?
  /// The other members read, and the node of anything scoped from this row's store.
  private var extra: RowExtras<State>?

  init(access: ListAccess<ParentState, ParentAction, ID, State, Action>, id: ID, row: State) {
    self.access = access
    self.id = id
    self.last = row
  }

  var state: State {
    // A row gone once is gone for this store, even when a row with its id comes back (that one
    // gets a store of its own), as an optional or presented child's store is.
    lastOr { access.row(id) }
  }

  var isGone: Bool { isDetached || access.parent.isGone }

  var observation: ObservationNode<State> {
    let extra = extras()
    if let node = extra.node { return node }
    let node = ObservationNode<State>(context: access.parent.observation.context)
    extra.node = node
    return node
  }

  func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    let state = self.state
    let context = access.parent.observation.context
    if first?.comparison.keyPath == keyPath {
      first!.isArmed = true
      context.access(first!.key)
    } else if let index = extra?.members.firstIndex(where: { $0.comparison.keyPath == keyPath }) {
      extra!.members[index].isArmed = true
      context.access(extra!.members[index].key)
    } else {
      let member = RowMember(comparison: access.comparison(of: keyPath), key: context.makeKey())
      if first == nil { first = member } else { extras().members.append(member) }
      context.access(member.key)
    }
    return state[keyPath: keyPath]
  }

  func send(_ action: Action) -> StoreTask {
    guard
      admitsSend(
        action, isPresent: { access.containsRow(id) },
        child: "the row \(id) of \(access.rows)")
    else { return .none }
    return access.parent.send(access.toRowAction.embed((id, action)))
  }

  func restore(_ change: (inout State) -> Void) -> Bool {
    guard let rows = access.rows as? WritableKeyPath<ParentState, IdentifiedArray<ID, State>>
    else { return false }
    let access = access
    let id = id
    guard
      admitsWrite(isPresent: { access.parent.state[keyPath: rows].index(id: id) != nil })
    else { return false }
    return access.parent.restore { state in
      if let index = state[keyPath: rows].index(id: id) { change(&state[keyPath: rows][index]) }
    }
  }

  func parentDidUpdate(_ row: State?) {
    see(row) { old, row in
      let context = access.parent.observation.context
      first?.compare(old, row, context)
      if let extra {
        for index in extra.members.indices { extra.members[index].compare(old, row, context) }
        extra.node?.update(row)
      }
    }
  }

  func addObserver(_ observer: @escaping @MainActor () -> Void) -> Int {
    access.parent.addObserver(observer)
  }

  func removeObserver(_ token: Int) { access.parent.removeObserver(token) }

  func observeStates(
    _ receive: @escaping @MainActor (State) -> Void, end: @escaping @Sendable () -> Void
  ) -> @MainActor () -> Void {
    let rows = access.rows
    let id = UncheckedSendable(id)
    return access.parent.observeStates(
      childStates(receive, find: { $0[keyPath: rows][id: id.value] }, isSame: { _ in true }),
      end: end)
  }

  private func extras() -> RowExtras<State> {
    if let extra { return extra }
    let made = RowExtras<State>()
    extra = made
    return made
  }
}

/// A member of a row that a view read: how to compare it, its name for observation, and whether
/// it is armed (see ``ObservedValue``: a member that changed waits for its next read).
struct RowMember<State> {
  let comparison: any MemberComparison<State>
  let key: KeyPath<ObservedSubject, Int>
  var isArmed = true

  init(comparison: any MemberComparison<State>, key: KeyPath<ObservedSubject, Int>) {
    self.comparison = comparison
    self.key = key
  }

  /// Notes the member as changed if it is armed and differs between two rows; disarms then.
  @MainActor
  mutating func compare(_ old: State, _ new: State, _ context: ObservationContext) {
    guard isArmed, comparison.hasChanged(from: old, to: new) else { return }
    isArmed = false
    context.noteChange(key)
  }
}

/// What few row stores need: more than one member read, or child stores of their own.
@MainActor
final class RowExtras<State> {
  var members: [RowMember<State>] = []
  var node: ObservationNode<State>?
}

/// Compares one member of two states.
protocol MemberComparison<State>: AnyObject {
  associatedtype State
  var keyPath: AnyKeyPath { get }
  /// Whether the member differs (always, for a member that is not `Equatable`).
  func hasChanged(from old: State, to new: State) -> Bool
}

final class MemberComparisonOf<State, Value>: MemberComparison {
  private let path: KeyPath<State, Value>
  private let isEqual: ((Value, Value) -> Bool)?

  init(_ path: KeyPath<State, Value>) {
    self.path = path
    self.isEqual = equality(of: Value.self)
  }

  var keyPath: AnyKeyPath { path }

  func hasChanged(from old: State, to new: State) -> Bool {
    guard let isEqual else { return true }
    return !isEqual(old[keyPath: path], new[keyPath: path])
  }
}

/// What a list reads of its parent's state after every batch, on every row send and on every
/// read of a row store, made where `Store.scope(state:action:)` is called, compiled for the
/// caller's types.
@usableFromInline
struct RowReads<ParentState, ID: Hashable, Row> {
  /// The ids of the rows, which a view that iterates the rows watches.
  let ids: (ParentState) -> [ID]
  /// Whether the rows hold an id.
  let contains: (ParentState, ID) -> Bool
  /// The row with an id.
  let row: (ParentState, ID) -> Row?

  @usableFromInline
  init(
    ids: @escaping (ParentState) -> [ID], contains: @escaping (ParentState, ID) -> Bool,
    row: @escaping (ParentState, ID) -> Row?
  ) {
    self.ids = ids
    self.contains = contains
    self.row = row
  }
}
