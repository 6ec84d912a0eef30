extension Store {
  /// The stores of a list's rows, in the rows' order: what a view's `ForEach` iterates.
  ///
  /// ```swift
  /// for row in store.scope(state: \.rows, action: /Feature.Action.rows) {
  ///   print(row.id, row.title)
  ///   row.send(.rename("x"))   // sends .rows(id: row.id, action: .rename("x"))
  /// }
  /// ```
  ///
  /// A view that scoped is told when rows come, go or move, not when a row changes; a view that
  /// read a row store's member is told when that member of that row changes. Each row's store is
  /// the same object for as long as the row lives; once the row is removed its store keeps the
  /// row's last state and ignores what it is sent, with a runtime warning.
  ///
  /// - Parameters:
  ///   - toRows: The rows inside this store's state.
  ///   - toRowAction: The case that carries a row id and a row action, `rows(id:action:)`.
  /// - Returns: The rows' stores.
  public func scope<ID: Hashable, RowState, RowAction>(
    state toRows: KeyPath<State, IdentifiedArray<ID, RowState>>,
    action toRowAction: CasePath<Action, (ID, RowAction)>
  ) -> StoreCollection<ID, RowState, RowAction> {
    let key = ScopeKey(.list, state: toRows, action: RowAction.self)
    let rows: RowStores<State, Action, ID, RowState, RowAction>
    if let cached = children[key] as? RowStores<State, Action, ID, RowState, RowAction> {
      rows = cached
    } else {
      rows = RowStores(parent: core, rows: toRows, toRowAction: toRowAction)
      children[key] = rows
    }
    let state = core.state
    core.observation.access(ObservedKey(kind: .ids, scope: key), in: state) {
      $0[keyPath: toRows].ids
    }
    let ids = state[keyPath: toRows].ids
    rows.prune(keeping: ids)
    return StoreCollection(ids: ids, rows: rows)
  }
}

/// The stores of a list's rows, in order: see ``Store/scope(state:action:)-(KeyPath<State,IdentifiedArray<ID,RowState>>,_)``.
///
/// A row's store is made the first time it is reached, and is the same object every time after,
/// for as long as its row lives.
@MainActor
public struct StoreCollection<ID: Hashable, State, Action> {
  /// The rows' ids, in order, as they were when the collection was made.
  public let ids: [ID]
  private let rows: any RowStoreSource<ID, State, Action>

  init(ids: [ID], rows: any RowStoreSource<ID, State, Action>) {
    self.ids = ids
    self.rows = rows
  }

}

extension StoreCollection: @MainActor RandomAccessCollection {
  /// The position of the first row.
  public var startIndex: Int { 0 }

  /// The position after the last row.
  public var endIndex: Int { ids.count }

  /// The store of the row at a position.
  ///
  /// - Parameter position: The position.
  public subscript(position: Int) -> Store<State, Action> {
    rows.store(for: ids[position])
  }
}

extension StoreCollection {
  /// The store of the row with an id, or `nil` when the list has no such row.
  ///
  /// - Parameter id: The row's id.
  @MainActor
  public subscript(id id: ID) -> Store<State, Action>? {
    ids.contains(id) ? rows.store(for: id) : nil
  }
}

/// Makes and keeps the stores of one list's rows.
@MainActor
protocol RowStoreSource<ID, State, Action>: AnyObject {
  associatedtype ID: Hashable
  associatedtype State
  associatedtype Action
  func store(for id: ID) -> Store<State, Action>
}

/// The row stores of one list of one store, kept by that store, and the link that hands each row
/// store its state after a batch.
@MainActor
final class RowStores<ParentState, ParentAction, ID: Hashable, State, Action>: RowStoreSource {
  typealias Rows = IdentifiedArray<ID, State>
  private let parent: any StoreCore<ParentState, ParentAction>
  private let toRows: KeyPath<ParentState, Rows>
  private let toRowAction: CasePath<ParentAction, (ID, Action)>
  private var stores: [ID: Store<State, Action>] = [:]
  private let link: RowsLink<ParentState, ID, State>

  init(
    parent: any StoreCore<ParentState, ParentAction>, rows: KeyPath<ParentState, Rows>,
    toRowAction: CasePath<ParentAction, (ID, Action)>
  ) {
    self.parent = parent
    self.toRows = rows
    self.toRowAction = toRowAction
    self.link = RowsLink(rows: rows, stamp: parent.state[keyPath: rows].editStamp)
    parent.observation.link(link)
  }

  func store(for id: ID) -> Store<State, Action> {
    if let store = stores[id], !link.isDetached(id) { return store }
    let (store, core) = makeStore(id: id)
    stores[id] = store
    link.attach(core, for: id)
    return store
  }

  /// Drops the stores of rows that are gone, when there are more stores than rows.
  func prune(keeping ids: [ID]) {
    guard stores.count > ids.count else { return }
    let kept = Set(ids)
    stores = stores.filter { kept.contains($0.key) }
  }

  private func makeStore(id: ID) -> (store: Store<State, Action>, core: any RowCore<State>) {
    let toRows = toRows
    let toRowAction = toRowAction
    let writable = toRows as? WritableKeyPath<ParentState, Rows>
    return makeChildCore(
      parent: parent, initial: parent.state[keyPath: toRows][id: id]!,
      extract: { $0[keyPath: toRows][id: id] },
      embed: { toRowAction.embed((id, $0)) },
      write: writable.map { path in
        { state, change in
          if let index = state[keyPath: path].index(id: id) { change(&state[keyPath: path][index]) }
        }
      },
      name: { [description = "the row \(id) of \(toRows)"] in description })
  }
}

/// Hands row stores their rows after a batch: only the rows that the list's edits since the last
/// batch touched (see ``EditJournal``), or every row store when those edits are not known.
@MainActor
final class RowsLink<ParentState, ID: Hashable, State>: StateLink {
  /// A row store's engine, seen by its link.
  private struct Attached {
    weak var core: (any RowCore<State>)?
  }

  private let rows: KeyPath<ParentState, IdentifiedArray<ID, State>>
  private var stamp: UInt64
  private var attached: [ID: Attached] = [:]

  init(rows: KeyPath<ParentState, IdentifiedArray<ID, State>>, stamp: UInt64) {
    self.rows = rows
    self.stamp = stamp
  }

  func attach(_ core: any RowCore<State>, for id: ID) {
    attached[id] = Attached(core: core)
  }

  /// Whether the store made for the row `id` saw its row go.
  func isDetached(_ id: ID) -> Bool {
    attached[id]?.core?.isDetached ?? true
  }

  func update(_ state: ParentState) -> Bool {
    let rows = state[keyPath: self.rows]
    let new = rows.editStamp
    guard new != stamp else { return true }
    let earlier = stamp
    stamp = new
    guard !attached.isEmpty else { return true }
    if let edits = rows.edits(since: earlier) {
      for entry in edits {
        switch entry.edit {
        case .element(let id), .removed(let id):
          update(id, in: rows)
        case .order:
          break
        }
      }
    } else {
      for id in Array(attached.keys) { update(id, in: rows) }
    }
    return true
  }

  private func update(_ id: ID, in rows: IdentifiedArray<ID, State>) {
    guard let core = attached[id]?.core else {
      attached[id] = nil
      return
    }
    let row = rows[id: id]
    core.parentDidUpdate(row)
    if row == nil { attached[id] = nil }
  }
}

/// The engine of a child store as a list's or a stack's link sees it.
@MainActor
protocol RowCore<State>: AnyObject {
  associatedtype State
  var isDetached: Bool { get }
  func parentDidUpdate(_ state: State?)
}

extension ChildCore: RowCore {}
