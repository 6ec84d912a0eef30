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
  ///   - fileID: Where the scope is made, for the warning about a case path made of closures.
  ///   - line: Where the scope is made, for the warning about a case path made of closures.
  /// - Returns: The rows' stores.
  @inlinable
  public func scope<ID: Hashable, RowState, RowAction>(
    state toRows: KeyPath<State, IdentifiedArray<ID, RowState>>,
    action toRowAction: CasePath<Action, (ID, RowAction)>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StoreCollection<ID, RowState, RowAction> {
    // The reads a list makes after every batch and on every row send, made here, where the
    // caller's types are known: compiled for them, they look no generic metadata up (as the
    // list's own generic code does, on every call).
    let rowsPath = StateReadPath(toRows)
    return scopeRows(
      toRows, toRowAction,
      reads: RowReads(
        ids: { rowsPath.read($0) { $0.ids } },
        contains: { state, id in rowsPath.read(state) { $0.index(id: id) != nil } },
        row: { state, id in rowsPath.read(state) { $0[id: id] } }),
      fileID: fileID, line: line)
  }

  @usableFromInline
  func scopeRows<ID: Hashable, RowState, RowAction>(
    _ toRows: KeyPath<State, IdentifiedArray<ID, RowState>>,
    _ toRowAction: CasePath<Action, (ID, RowAction)>,
    reads: RowReads<State, ID, RowState>,
    fileID: StaticString,
    line: UInt
  ) -> StoreCollection<ID, RowState, RowAction> {
    let key = ScopeKey(.list, state: toRows, action: RowAction.self)
    let cacheKey = key.caching(toRowAction, fileID: fileID, line: line)
    let rows: RowList<State, Action, ID, RowState, RowAction>
    if let cacheKey,
      let cached = children[cacheKey] as? RowList<State, Action, ID, RowState, RowAction>
    {
      rows = cached
    } else {
      rows = RowList(parent: core, rows: toRows, toRowAction: toRowAction, reads: reads)
      if let cacheKey { children[cacheKey] = rows }
    }
    let state = core.state
    // The read, not the list's access: the node keeps this closure, and the access keeps the
    // store's engine, which keeps the node.
    core.observation.access(ObservedKey(kind: .ids, scope: key), in: state, compute: reads.ids)
    let snapshot = state[keyPath: toRows]
    rows.prune(keeping: snapshot.ids)
    return StoreCollection(snapshot: snapshot, rows: rows)
  }
}

/// The stores of a list's rows, in order: see `Store.scope(state:action:)` over an
/// `IdentifiedArray`.
///
/// A row's store is made the first time it is reached, and is the same object every time after,
/// for as long as its row lives.
@MainActor
public struct StoreCollection<ID: Hashable, State, Action> {
  /// The rows as they were when the collection was made: a row removed since still gets a
  /// store (one that keeps this state and ignores what it is sent), as a view that still holds
  /// an earlier collection may ask for it.
  private let snapshot: IdentifiedArray<ID, State>
  private let rows: any RowStoreSource<ID, State, Action>

  init(snapshot: IdentifiedArray<ID, State>, rows: any RowStoreSource<ID, State, Action>) {
    self.snapshot = snapshot
    self.rows = rows
  }

  /// The rows' ids, in order, as they were when the collection was made.
  public var ids: [ID] { snapshot.ids }
}

extension StoreCollection: @MainActor RandomAccessCollection {
  /// The position of the first row.
  public var startIndex: Int { 0 }

  /// The position after the last row.
  public var endIndex: Int { snapshot.count }

  /// The store of the row at a position.
  ///
  /// - Parameter position: The position.
  public subscript(position: Int) -> Store<State, Action> {
    let row = snapshot[position]
    return rows.store(for: snapshot.ids[position], row: row)
  }
}

extension StoreCollection {
  /// The store of the row with an id, or `nil` when the list has no such row.
  ///
  /// - Parameter id: The row's id.
  @MainActor
  public subscript(id id: ID) -> Store<State, Action>? {
    snapshot[id: id].map { rows.store(for: id, row: $0) }
  }
}

/// Makes and keeps the stores of one list's rows.
@MainActor
protocol RowStoreSource<ID, State, Action>: AnyObject {
  associatedtype ID: Hashable
  associatedtype State
  associatedtype Action
  /// The store of the row `id`, made with `row` when the row is gone from the state.
  func store(for id: ID, row: State) -> Store<State, Action>
}
