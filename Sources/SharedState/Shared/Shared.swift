/// A value that several features hold by reference: a change made through any holder is seen by
/// every other at once, in the same store and across stores, and may be saved.
///
/// ```swift
/// struct SyncUpsList: Reducer {
///   struct State: Equatable {
///     @Shared(.fileStorage(.syncUps)) var syncUps: [SyncUp] = []
///     var detail: SyncUpDetail.State?
///   }
///   // …
/// }
///
/// // In a reducer: a change every holder sees, saved to the file.
/// state.$syncUps.withLock { $0.append(syncUp) }
///
/// // A child holds the same value: hand it the reference, not a copy.
/// state.detail = SyncUpDetail.State(syncUps: state.$syncUps)
/// ```
///
/// The value is read with the property (`state.syncUps`) and changed only with
/// ``withLock(_:)`` on the projected value (`state.$syncUps`), as in swift-sharing: the lock makes
/// each change one step for every holder on every thread. ``init(value:)`` makes a plain shared
/// reference; ``init(wrappedValue:_:)`` finds the reference a ``SharedKey`` names
/// (``SharedKey/inMemory(_:)``, ``SharedKey/fileStorage(_:)``).
///
/// Two `Shared` values are equal when their values are; in a `TestStore`, a change made through
/// a shared reference must be asserted like any change to the state, and failure diffs show
/// the value. Reading a shared value in a view (or in `withObservationTracking`) observes it:
/// changes made through any store are heard.
@propertyWrapper
public struct Shared<Value: Sendable>: Sendable {
  @usableFromInline let box: SharedBox<Value>

  init(box: SharedBox<Value>) {
    self.box = box
  }

  /// A new shared reference to `value`, held by this value and its copies only.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// let same = count
  /// count.withLock { $0 += 1 }
  /// same.wrappedValue   // 1
  /// ```
  ///
  /// - Parameter value: The value to share.
  public init(value: Value) {
    self.init(box: SharedBox(value))
  }

  /// The shared reference `key` names, or a new one starting from `wrappedValue` when its
  /// storage has no value yet.
  ///
  /// ```swift
  /// @Shared(.inMemory("draft")) var draft = ""
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The value to start from when storage has none.
  ///   - key: Where the value lives.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self = key.reference(initialValue: wrappedValue)
  }

  /// Holds the reference `projectedValue` holds: `@Shared var syncUp: SyncUp` in an initializer
  /// is set with `self._syncUp = Shared(projectedValue: syncUp)`, or simply
  /// `self._syncUp = syncUp`.
  ///
  /// - Parameter projectedValue: A reference to hold.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The value now.
  @inlinable public var wrappedValue: Value { box.value }

  /// The reference itself, to change the value with ``withLock(_:)`` or hand it to a child.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value for every holder, as one step.
  ///
  /// ```swift
  /// state.$syncUps.withLock { $0.append(syncUp) }
  /// ```
  ///
  /// `operation` runs holding the value's lock: it must not read or change this same shared
  /// value (through any holder) inside.
  ///
  /// - Parameter operation: Changes the value in place.
  /// - Returns: What `operation` returns.
  @inlinable @discardableResult
  public func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try box.withLock(operation)
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the values are equal. In a test store's comparison of the expected with the
  /// actual state, the expected side is the value as the assertion described it.
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    if SharedChangeRecorder.isRecording, let (recorder, mode) = SharedChangeRecorder.current,
      mode == .comparing, lhs.box === rhs.box
    {
      let expected = recorder.recordedValue(of: lhs.box) as? Value ?? lhs.box.currentValue
      return expected == lhs.box.recordedValue(in: recorder, mode: .comparing)
    }
    return lhs.box === rhs.box ? true : lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: CustomStringConvertible {
  /// The value's description.
  public var description: String { "\(wrappedValue)" }
}

extension Shared: SharedStateReference {
  /// The value, as a test store's assertions see it.
  public var sharedStateValue: Any { wrappedValue }

  /// Tells `recorder` the value before each change.
  public func record(changesWith recorder: SharedChangeRecorder) {
    box.record(changesWith: recorder)
  }
}
