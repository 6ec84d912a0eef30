import Synchronization

/// The line between one parent instance and the children that take part in its shared value:
/// the value as the parent last published it, the children to tell when it changes, and the
/// parent's own listeners for what children write.
///
/// A channel belongs to one ``ParentState`` in one store: the parent's `WithParentState` makes
/// it the first time it reduces an action, and keeps it in the parent's state. Nothing about it
/// is global.
@usableFromInline
final class ParentChannel<Key: SharedStateKey>: AnyParentChannel {
  @usableFromInline typealias Value = Key.Value
  typealias Receiver = @MainActor @Sendable (Value) -> Void

  /// Whether this channel stands in for a parent that is not there (`sharedState(_:_:)` on
  /// `DependencyValues`): writes then change the value at once instead of asking a parent.
  let isStandIn: Bool
  private let storage: LockIsolated<Storage>
  /// The ``ParentState/stamp`` of the value published last; 0 when it came another way (a
  /// stand-in's write).
  private let publishedStamp: Atomic<UInt64>

  private struct Storage {
    var value: Value
    /// Children to tell about changes, by subscription, with the order they subscribed in:
    /// they hear changes in that order, and leaving is O(1) however many children there are.
    var children: [ObjectIdentifier: (order: Int, receive: Receiver)] = [:]
    /// The parent's own `.sharedState`, which turns children's writes into parent actions.
    var listeners: [ObjectIdentifier: (order: Int, receive: Receiver)] = [:]
    var nextOrder = 0

    /// The last value the parent's listeners heard, from a child's write or from the parent
    /// itself: a change the parent accepted from a child is not told to it a second time.
    var listenersHeard: Value?

    var orderedChildren: [Receiver] { Self.ordered(children) }
    var orderedListeners: [Receiver] { Self.ordered(listeners) }

    /// The children, and the listeners that have not heard `value` yet, in the order they
    /// started.
    mutating func receivers(ofChangeTo value: Value) -> [Receiver] {
      guard !listeners.isEmpty, listenersHeard != value else { return orderedChildren }
      listenersHeard = value
      return Self.ordered(children.merging(listeners) { child, _ in child })
    }

    private static func ordered(
      _ receivers: [ObjectIdentifier: (order: Int, receive: Receiver)]
    ) -> [Receiver] {
      receivers.values.sorted { $0.order < $1.order }.map(\.receive)
    }
    /// The last write made while no parent listened.
    var pendingWrite: Value?
  }

  init(value: Value, isStandIn: Bool = false, stamp: UInt64 = 0) {
    self.isStandIn = isStandIn
    self.storage = LockIsolated(Storage(value: value))
    self.publishedStamp = Atomic(stamp)
  }

  /// Whether the value published last is the parent's value stamped `stamp`: then publishing
  /// it again would change nothing.
  @usableFromInline
  func hasPublished(_ stamp: UInt64) -> Bool {
    publishedStamp.load(ordering: .acquiring) == stamp
  }

  @usableFromInline var keyID: ObjectIdentifier { ObjectIdentifier(Key.self) }

  /// The value as the parent last published it.
  var value: Value { storage.withLock { $0.value } }

  /// The number of subscribed children and listening parents, for tests.
  var subscriberCount: Int { storage.withLock { $0.children.count + $0.listeners.count } }

  /// The parent's value is now `value`: if that is a change, every subscribed child hears it,
  /// and so does the parent's own listener (as in ComposableSharedState, where the parent's
  /// `.sharedState` hears every change), unless the change is a child's write it just accepted.
  ///
  /// - Parameters:
  ///   - value: The parent's value.
  ///   - isReducing: Whether a reducer run by a store publishes; see `deliver`.
  ///   - stamp: The parent state's stamp of `value` (``ParentState/stamp``), 0 if none.
  @usableFromInline
  func publish(_ value: Value, isReducing: Bool, stamp: UInt64 = 0) {
    let receivers = storage.withLock { storage -> [Receiver] in
      publishedStamp.store(stamp, ordering: .releasing)
      guard storage.value != value else { return [] }
      storage.value = value
      if storage.pendingWrite == value { storage.pendingWrite = nil }
      return storage.receivers(ofChangeTo: value)
    }
    deliver(value, to: receivers, isReducing: isReducing)
  }

  /// Subscribes a child that holds `seen`; it hears the current value at once if it differs.
  ///
  /// Called by the store as it runs the subscription, before it reduces another action.
  @MainActor
  func subscribe(
    _ subscription: SharedStateSubscription, seen: Value, receive: @escaping Receiver
  ) {
    let current = storage.withLock { storage -> Value? in
      storage.children[ObjectIdentifier(subscription)] = (storage.nextOrder, receive)
      storage.nextOrder += 1
      return storage.value == seen ? nil : storage.value
    }
    subscription.markRegistered()
    if let current { receive(current) }
  }

  /// Subscribes the parent's own listener for writes; it hears a write that waited for it.
  ///
  /// Called by the store as it runs the subscription, before it reduces another action.
  @MainActor
  func listen(_ subscription: SharedStateSubscription, receive: @escaping Receiver) {
    let pending = storage.withLock { storage -> Value? in
      storage.listeners[ObjectIdentifier(subscription)] = (storage.nextOrder, receive)
      storage.nextOrder += 1
      defer { storage.pendingWrite = nil }
      guard let pending = storage.pendingWrite, pending != storage.value else { return nil }
      storage.listenersHeard = pending
      return pending
    }
    subscription.markRegistered()
    if let pending { receive(pending) }
  }

  /// Ends a child's subscription or a parent's listener.
  func unsubscribe(_ subscription: SharedStateSubscription) {
    subscription.markEnded()
    let id = ObjectIdentifier(subscription)
    storage.withLock { storage in
      storage.children[id] = nil
      storage.listeners[id] = nil
    }
  }

  /// A child asks for a new value. The parent decides: its listeners hear the request (or the
  /// first listener to come, if none listens yet). A stand-in changes at once.
  ///
  /// - Parameters:
  ///   - value: The value the child asks for.
  ///   - isReducing: Whether a reducer run by a store writes; see `deliver`.
  func write(_ value: Value, isReducing: Bool) {
    if isStandIn { return publish(value, isReducing: isReducing) }
    let receivers = storage.withLock { storage -> [Receiver] in
      guard storage.value != value else {
        storage.pendingWrite = nil
        return []
      }
      guard !storage.listeners.isEmpty else {
        storage.pendingWrite = value
        return []
      }
      storage.listenersHeard = value
      return storage.orderedListeners
    }
    deliver(value, to: receivers, isReducing: isReducing)
  }
}

/// A channel of any key, for the chain of parents in force.
@usableFromInline
protocol AnyParentChannel: AnyObject, Sendable {
  var keyID: ObjectIdentifier { get }
}
