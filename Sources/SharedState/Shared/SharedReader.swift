/// A read-only view of a shared value: it reads what every holder of the value sees, and cannot
/// change it.
///
/// ```swift
/// struct Header: Reducer {
///   struct State: Equatable {
///     @SharedReader var count: Int
///   }
///   // …
/// }
/// let count = Shared(value: 0)
/// let header = Header.State(count: SharedReader(count))   // or SharedReader(state.$count)
/// count.withLock { $0 += 1 }
/// header.count   // 1
/// ```
///
/// Made from a ``Shared`` (`SharedReader($count)`), a member of one that is read-only
/// (`$user.id` for a `let id`), a value of its own (`SharedReader(value:)`), or a key
/// (`@SharedReader(.inMemory("count")) var count = 0`, or a ``SharedReaderKey`` of your own).
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  /// Shared by this value and its copies: assigning the projected value rebinds every copy.
  let handle: Handle

  /// Where the value is read: a shared reference, or a read-only member of one.
  enum Source: Sendable {
    case shared(Shared<Value>.Reference)
    case derived(SharedReaderProjection<Value>)
  }

  /// The source a reader and its copies read, which assigning the projected value replaces.
  final class Handle: Sendable {
    let source: LockIsolated<Source>

    init(_ source: Source) {
      self.source = LockIsolated(source)
    }
  }

  /// Where this reader and its copies read now.
  var source: Source { handle.source.value }

  init(source: Source) {
    self.handle = Handle(source)
  }

  /// A reader of `value`, which nothing changes: for previews and tests.
  ///
  /// - Parameter value: The value.
  public init(value: Value) {
    self.init(Shared(value: value))
  }

  /// A reader of the value `base` holds now: it reads every change made through `base` (and any
  /// holder of its value).
  ///
  /// - Parameter base: A shared reference.
  public init(_ base: Shared<Value>) {
    self.init(source: .shared(base.reference))
  }

  /// Holds the reader `projectedValue` holds: `self._count = SharedReader(projectedValue: count)`,
  /// or simply `self._count = count`.
  ///
  /// - Parameter projectedValue: A reader to hold.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The value `key` names, starting from `wrappedValue` when its storage has none.
  ///
  /// ```swift
  /// @SharedReader(.inMemory("count")) var count = 0
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The value to start from when storage has none.
  ///   - key: Where the value lives.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    let references = SharedReferences.of(key)
    self.init(source: .shared(.root(references.box(for: key, initialValue: wrappedValue))))
  }

  /// The value `key` names, starting from `value`, which the caller has just loaded from the key:
  /// a new reference does not ask the key again.
  init(loadedValue value: Value, _ key: some SharedReaderKey<Value>) {
    let references = SharedReferences.of(key)
    self.init(
      source: .shared(
        .root(references.box(for: key, initialValue: { value }, skipInitialLoad: true))))
  }

  /// The optional value `key` names, `nil` when storage has none.
  ///
  /// - Parameter key: Where the value lives.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// Unwraps a reader of an optional: `nil` when it is `nil` now, otherwise a reader of the value
  /// inside, which keeps the last value it read once the base becomes `nil`.
  ///
  /// - Parameter base: A reader of an optional value.
  public init?(_ base: SharedReader<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(source: .derived(UnwrappedReaderProjection(base, value: value)))
  }

  /// The value now.
  public var wrappedValue: Value {
    switch source {
    case .shared(let reference): reference.value
    case .derived(let projection): projection.value
    }
  }

  /// The reader itself, to hand to a child or to read ``loadError`` and ``isLoading``.
  ///
  /// Assigning it rebinds this reader and every copy of it to what `newValue` reads, as in
  /// swift-sharing.
  public var projectedValue: SharedReader<Value> {
    get { self }
    nonmutating set {
      let source = newValue.source
      handle.source.withLock { $0 = source }
    }
  }

  /// A reader of a member of the value.
  ///
  /// - Parameter keyPath: The member.
  /// - Returns: A reader of the member.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> SharedReader<Member> {
    SharedReader<Member>(source: .derived(MemberReaderProjection(self, keyPath)))
  }

  /// A reader of what `body` makes of the value, read anew at each access.
  ///
  /// ```swift
  /// let isEmpty = SharedReader($syncUps).read { $0.isEmpty }
  /// ```
  ///
  /// - Parameter body: Makes the read value from the value.
  /// - Returns: A reader of `body`'s result.
  public func read<Member: Sendable>(
    _ body: @escaping @Sendable (Value) -> Member
  ) -> SharedReader<Member> {
    SharedReader<Member>(source: .derived(ClosureReaderProjection(self, body)))
  }

  /// Whether the key is loading the value.
  public var isLoading: Bool { persistence?.isLoading ?? false }

  /// The error of the key's last load, if it failed.
  public var loadError: (any Error)? { persistence?.loadError }

  /// Asks the key for a fresh value.
  ///
  /// - Throws: The load's error, which ``loadError`` then holds.
  public func load() async throws {
    try await persistence?.load()
  }

  /// Rebinds this reader (and its copies) to the value `key` names, starting from the value
  /// read now, and asks the key for a fresh value.
  ///
  /// - Parameter key: Where the value lives.
  /// - Throws: The load's error, which ``loadError`` then holds.
  public func load(_ key: some SharedReaderKey<Value>) async throws {
    projectedValue = SharedReader(loadedValue: wrappedValue, key)
    try await load()
  }

  var persistence: AnySharedPersistence? {
    switch source {
    case .shared(let reference): reference.persistence
    case .derived(let projection): projection.persistence
    }
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Whether the values are equal, as for ``Shared``.
  public static func == (lhs: SharedReader, rhs: SharedReader) -> Bool {
    if SharedChangeRecorder.isRecording, let (recorder, mode) = SharedChangeRecorder.current,
      mode == .comparing
    {
      let expected = SharedChangeRecorder.$current.withValue((recorder, .asserting)) {
        lhs.wrappedValue
      }
      return expected == rhs.wrappedValue
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension SharedReader: CustomStringConvertible {
  /// The value's description.
  public var description: String { "\(wrappedValue)" }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: SharedStateReference {
  /// The value, as a test store's assertions see it.
  public var sharedStateValue: Any { wrappedValue }

  /// Tells `recorder` the value before each change.
  public func record(changesWith recorder: SharedChangeRecorder) {
    switch source {
    case .shared(let reference): reference.record(changesWith: recorder)
    case .derived(let projection): projection.record(changesWith: recorder)
    }
  }
}
