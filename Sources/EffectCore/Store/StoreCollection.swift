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
    let cacheKey = key.caching(toRowAction)
    let rows: RowList<State, Action, ID, RowState, RowAction>
    if let cacheKey,
      let cached = children[cacheKey] as? RowList<State, Action, ID, RowState, RowAction>
    {
      rows = cached
    } else {
      rows = RowList(parent: core, rows: toRows, toRowAction: toRowAction)
      if let cacheKey { children[cacheKey] = rows }
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

/// The stores of a list's rows, in order: see `Store.scope(state:action:)` over an
/// `IdentifiedArray`.
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

/// The engine of a child store as a list's or a stack's link sees it.
@MainActor
protocol RowCore<State>: AnyObject {
  associatedtype State
  var isDetached: Bool { get }
  func parentDidUpdate(_ state: State?)
}

extension ChildCore: RowCore {}
