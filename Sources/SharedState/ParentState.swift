import Synchronization

/// A value in a parent's state that the parent shares with its children.
///
/// Declare it in the parent's `State`, and wrap the reducers that should see it in
/// ``WithParentState``:
///
/// ```swift
/// struct Parent: Reducer {
///   struct State: Equatable {
///     @ParentState<CounterKey> var counter      // starts at CounterKey.defaultValue
///     var child = Child.State()
///   }
///   enum Action: Equatable { case child(Child.Action), increment }
///
///   var body: some Reducer<State, Action> {
///     WithParentState(\.$counter) {
///       Scope(state: \.child, action: /Action.child) { Child() }
///       Reduce { state, action in
///         if case .increment = action { state.counter += 1 }   // children hear .willChange(5)
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// The parent reads and writes the value like any other property; the projected value
/// (`$counter`) is what ``WithParentState`` and `.sharedState(_:action:)` take.
///
/// Values are scoped to the parent instance in its store: the first time `WithParentState`
/// reduces an action for this state it opens a channel that only this state's children use.
/// Two stores, or two parents in a `forEach`, never see each other's values. Equality, hashing,
/// coding and dumps see the value alone.
@propertyWrapper
public struct ParentState<Key: SharedStateKey>: Sendable {
  /// The shared value.
  public var wrappedValue: Key.Value {
    didSet { stamp = ParentStateStamp.next() }
  }

  /// Which value this is: a new stamp for every write of ``wrappedValue``, unique in the process,
  /// so that a parent whose value its channel already has skips comparing it on every action
  /// (``publish()``). Equality, hashing and coding ignore it.
  @usableFromInline var stamp = ParentStateStamp.next()

  /// The channel to this parent's children, opened by the first `WithParentState` that reduces
  /// this state in a store.
  @usableFromInline var channel: ParentChannel<Key>?
  /// Marks that the parent listens to its children's writes.
  var listener: SharedStateSubscription?

  /// Starts from the key's ``SharedStateKey/defaultValue``: `@ParentState<CounterKey> var counter`.
  public init() {
    self.wrappedValue = Key.defaultValue
  }

  /// Starts from a value of your own: `@ParentState<CounterKey> var counter = 10`.
  ///
  /// - Parameter wrappedValue: The value to start from.
  public init(wrappedValue: Key.Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, for ``WithParentState`` and `.sharedState(_:action:)`: `\.$counter`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Opens the channel to the children if needed, tells them the value, and returns the
  /// context in which the hosted reducers run.
  ///
  /// Inlinable with ``publish()``: they run around every action of the parent, and specialised
  /// they cost a load and a comparison of stamps when the value did not change.
  @inlinable
  mutating func enterScope() -> ParentScopeContext {
    scope(on: openChannel())
  }

  /// What ``enterScope()`` does once the channel is open, without changing this value; `nil`
  /// before.
  @inlinable
  func openScope() -> ParentScopeContext? {
    channel.map(scope(on:))
  }

  /// Tells the children the value, and returns the context of the hosted reducers on `channel`.
  @inlinable
  func scope(on channel: ParentChannel<Key>) -> ParentScopeContext {
    publish()
    return ParentScopeContext(channel: channel)
  }

  /// Tells the children the value, if it changed: unless the channel already has this very
  /// value (its stamp), it compares them.
  @inlinable
  func publish() {
    guard let channel, !channel.hasPublished(stamp) else { return }
    channel.publish(wrappedValue, isReducing: true, stamp: stamp)
  }

  /// Whether the parent's reducer must start listening to its channel: it has none yet, or
  /// does not listen to the one it has. Asked on every action of the parent's reducer.
  @usableFromInline
  func needsListener() -> Bool {
    guard let channel else { return true }
    return !(listener?.isLive(on: channel) ?? false)
  }

  /// The channel to this parent's children, opened now if this state has none yet.
  @inlinable
  mutating func openChannel() -> ParentChannel<Key> {
    if let channel { return channel }
    return makeChannel()
  }

  @usableFromInline
  mutating func makeChannel() -> ParentChannel<Key> {
    let channel = ParentChannel<Key>(value: wrappedValue, stamp: stamp)
    self.channel = channel
    return channel
  }
}

extension ParentState: Equatable {
  /// Compares the values alone.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension ParentState: Hashable where Key.Value: Hashable {
  /// Hashes the value alone.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension ParentState: Encodable where Key.Value: Encodable {
  /// Encodes the value alone, as if it were not wrapped.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension ParentState: Decodable where Key.Value: Decodable {
  /// Decodes the value alone; the decoded state opens a channel of its own when a store first
  /// reduces it.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Key.Value(from: decoder))
  }
}

extension ParentState: CustomReflectable {
  /// Reflects as the value, so dumps and test diffs show `counter: 4`.
  public var customMirror: Mirror {
    // An optional that holds the value is what reflection-based printers (`print`, the test
    // store's diffs) show as the value itself.
    Mirror(self, unlabeledChildren: [wrappedValue], displayStyle: .optional)
  }
}

/// The stamps of ``ParentState`` values: one counter for the process, so no two writes share one.
@usableFromInline
enum ParentStateStamp {
  private static let last = Atomic<UInt64>(0)

  /// A stamp no value had before.
  @usableFromInline
  static func next() -> UInt64 {
    last.add(1, ordering: .relaxed).newValue
  }
}
