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
/// reference; `init(wrappedValue:_:)` finds the reference a ``SharedKey`` names
/// (``SharedReaderKey/inMemory(_:)``, ``SharedReaderKey/fileStorage(_:)``, or a key of your own),
/// and `init(_:)` the one a key with a default names (`@Shared(.syncUps) var syncUps`).
///
/// Two `Shared` values are equal when their values are; in a `TestStore`, a change made through
/// a shared reference must be asserted like any change to the state, and failure diffs show
/// the value. Reading a shared value in a view (or in `withObservationTracking`) observes it:
/// changes made through any store are heard.
///
/// A member of a shared value is a shared reference too (`state.$syncUp.title`, a
/// `Shared<String>`), and so is an optional one unwrapped (`Shared(state.$syncUps[id: id])`):
/// see `subscript(dynamicMember:)` and `init(_:)`. ``SharedReader`` reads a shared value without
/// changing it.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  /// Shared by this value and its copies: assigning the projected value (`$x = other`) rebinds
  /// every copy, as in swift-sharing.
  @usableFromInline let handle: SharedHandle<Value>

  /// What a `Shared` holds: the box of a value, or a reference derived from another `Shared`.
  @usableFromInline
  enum Reference: Sendable {
    case root(SharedBox<Value>)
    case derived(SharedProjection<Value>)
  }

  /// The reference this value and its copies hold now.
  @inlinable var reference: Reference { handle.reference }

  init(box: SharedBox<Value>) {
    self.handle = SharedHandle(.root(box))
  }

  init(projection: SharedProjection<Value>) {
    self.handle = SharedHandle(.derived(projection))
  }

  init(reference: Reference) {
    self.handle = SharedHandle(reference)
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
    let references = SharedReferences.of(key)
    self.init(box: references.box(for: key, initialValue: wrappedValue))
  }

  /// The value `key` names, starting from `value`, which the caller has just loaded from the key:
  /// a new reference does not ask the key again.
  init(loadedValue value: Value, _ key: some SharedKey<Value>) {
    let references = SharedReferences.of(key)
    self.init(box: references.box(for: key, initialValue: { value }, skipInitialLoad: true))
  }

  /// The shared optional `key` names, `nil` when storage has none.
  ///
  /// - Parameter key: Where the value lives.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
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
  @inlinable public var wrappedValue: Value { handle.value }

  /// The reference itself, to change the value with ``withLock(_:)`` or hand it to a child.
  ///
  /// Assigning it rebinds this value and every copy of it to `newValue`'s reference, as in
  /// swift-sharing: after `let copy = $count; $count = Shared(value: 42)`, `copy` reads 42.
  /// References derived before (`$count.member`, `SharedReader($count)`) keep the old one.
  public var projectedValue: Shared<Value> {
    @inlinable get { self }
    nonmutating set {
      let old = reference
      handle.rebind(to: newValue.reference)
      old.touch()
    }
  }

  /// Whether the key is loading the value (always `false` for a value of its own).
  public var isLoading: Bool { reference.persistence?.isLoading ?? false }

  /// The error of the key's last load, if it failed; `nil` once a load or save succeeds. The
  /// value stays the last one loaded (or the default).
  ///
  /// ```swift
  /// if let error = $syncUps.loadError { print("Could not read the sync-ups: \(error)") }
  /// ```
  public var loadError: (any Error)? { reference.persistence?.loadError }

  /// The error of the key's last save, if it failed; `nil` once a save succeeds.
  public var saveError: (any Error)? { reference.persistence?.saveError }

  /// Asks the key for a fresh value (for keys that cannot tell when it changes outside).
  ///
  /// - Throws: The load's error, which ``loadError`` then holds.
  public func load() async throws {
    try await reference.persistence?.load()
  }

  /// Rebinds this reference (and its copies) to the value `key` names, starting from the value
  /// read now, and asks the key for a fresh value.
  ///
  /// - Parameter key: Where the value lives.
  /// - Throws: The load's error, which ``loadError`` then holds.
  public func load(_ key: some SharedKey<Value>) async throws {
    projectedValue = Shared(loadedValue: wrappedValue, key)
    try await load()
  }

  /// Asks the key to save the value now, instead of after its delay.
  ///
  /// - Throws: The save's error, which ``saveError`` then holds.
  public func save() async throws {
    try await reference.persistence?.save()
  }

  /// Changes the value for every holder, as one step.
  ///
  /// ```swift
  /// state.$syncUps.withLock { $0.append(syncUp) }
  /// ```
  ///
  /// `operation` runs holding the value's lock, which is re-entrant, as in swift-sharing: it may
  /// read any shared value, this one included (through any holder: a member, an unwrapped
  /// element), and sees this one as it was before the change. It may change other shared values;
  /// a change of this same value inside is replaced when `operation` returns (and reported).
  ///
  /// ```swift
  /// // `syncUp` is `Shared($syncUps[id: id])`: reading it here is fine.
  /// $syncUps.withLock { _ = $0.remove(id: syncUp.id) }
  /// ```
  ///
  /// - Parameter operation: Changes the value.
  /// - Returns: What `operation` returns.
  @inlinable @discardableResult
  public func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try handle.withLock(operation)
  }

  /// A shared reference to a member of the value: reading it reads this value's member, and
  /// changing it changes this value, for every holder.
  ///
  /// ```swift
  /// state.$syncUp.title.withLock { $0 = "Morning sync" }
  /// let detail = SyncUpDetail.State(syncUp: state.$syncUp)   // the whole value
  /// let title: Shared<String> = state.$syncUp.title          // one member of it
  /// ```
  ///
  /// A change through the member is a change of this value: it is saved with it, observers of it
  /// hear it, and a test store asserts it there.
  ///
  /// - Parameter keyPath: The member.
  /// - Returns: A reference to the member.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member>
  ) -> Shared<Member> {
    Shared<Member>(projection: MemberProjection(reference, keyPath))
  }

  /// A read-only shared reference to a member that cannot be changed through a key path (a
  /// `let`, a computed property).
  ///
  /// - Parameter keyPath: The member.
  /// - Returns: A reader of the member.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// A reader of what `body` makes of the value, read anew at each access.
  ///
  /// ```swift
  /// let isEmpty = state.$syncUps.read { $0.isEmpty }   // a SharedReader<Bool>
  /// ```
  ///
  /// - Parameter body: Makes the read value from the value.
  /// - Returns: A reader of `body`'s result.
  public func read<Member: Sendable>(
    _ body: @escaping @Sendable (Value) -> Member
  ) -> SharedReader<Member> {
    SharedReader(self).read(body)
  }

  /// Unwraps a shared optional: `nil` when it is `nil` now, otherwise a reference to the value
  /// inside, which reads and changes it for every holder of `base`.
  ///
  /// ```swift
  /// // The detail holds one element of the list's shared array.
  /// guard let syncUp = Shared(state.$syncUps[id: id]) else { return .none }
  /// state.detail = SyncUpDetail.State(syncUp: syncUp)
  /// ```
  ///
  /// If the value later becomes `nil` (the element is removed), the reference keeps the last
  /// value it read or wrote, as in swift-sharing: a screen still showing a deleted element never
  /// crashes, and changes made through it change that value (every holder of the unwrapped
  /// reference sees them; the base stays `nil`). Once the base has a value again, the reference
  /// reads and changes it.
  ///
  /// - Parameter base: A shared optional value.
  public init?(_ base: Shared<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(projection: UnwrappedProjection(base.reference, value: value))
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the values are equal. In a test store's comparison of the expected with the
  /// actual state, the expected side is the value as the assertion described it.
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    if SharedChangeRecorder.isRecording, let (recorder, mode) = SharedChangeRecorder.current,
      mode == .comparing
    {
      // The expected side reads what the assertion described; the actual side, the value the
      // checked action left.
      let expected = SharedChangeRecorder.$current.withValue((recorder, .asserting)) {
        lhs.wrappedValue
      }
      return expected == rhs.wrappedValue
    }
    if lhs.reference.isSameRoot(as: rhs.reference) { return true }
    return lhs.wrappedValue == rhs.wrappedValue
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
    reference.record(changesWith: recorder)
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: Encodable where Value: Encodable {
  /// Encodes the value, as if it were not shared.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension Shared: Decodable where Value: Decodable {
  /// Decodes a value into a new shared reference, held by this value and its copies only.
  public init(from decoder: any Decoder) throws {
    self.init(value: try Value(from: decoder))
  }
}
