extension RangeReplaceableCollection {
  /// One shared reference per element of a shared identified array, in its order: each reads and
  /// changes its element in the array, for every holder, as `Shared($array[id: id])` does.
  ///
  /// ```swift
  /// for syncUp in Array(state.$syncUps) {   // each a Shared<SyncUp>
  ///   syncUp.withLock { $0.title = $0.title.capitalized }
  /// }
  /// ```
  ///
  /// - Parameter shared: A shared identified array.
  public init<ID: Hashable & Sendable, Value: Sendable>(
    _ shared: Shared<IdentifiedArray<ID, Value>>
  ) where Element == Shared<Value> {
    self.init()
    let ids = shared.wrappedValue.ids
    reserveCapacity(ids.count)
    for id in ids {
      if let element = Shared(shared[id: id]) { append(element) }
    }
  }

  /// One reader per element of a read identified array, in its order.
  ///
  /// - Parameter shared: A reader of an identified array.
  public init<ID: Hashable & Sendable, Value: Sendable>(
    _ shared: SharedReader<IdentifiedArray<ID, Value>>
  ) where Element == SharedReader<Value> {
    self.init()
    let ids = shared.wrappedValue.ids
    reserveCapacity(ids.count)
    for id in ids {
      if let element = SharedReader(shared[dynamicMember: \.[id: id]]) { append(element) }
    }
  }
}
