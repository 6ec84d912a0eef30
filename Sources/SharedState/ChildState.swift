/// A value in a child's state that follows the value its parent shares.
///
/// Declare it in the child's `State`, give the child an action for changes, and apply
/// `.sharedState(_:action:)` to the child's reducer:
///
/// ```swift
/// struct Child: Reducer {
///   struct State: Equatable {
///     @ChildState<CounterKey> var counter
///   }
///   enum Action: Equatable {
///     case counter(SharedStateAction<CounterKey>)
///     case task                                   // any first action starts observing
///   }
///
///   var body: some Reducer<State, Action> {
///     Reduce { state, action in .none }
///       .sharedState(\.$counter, action: /Action.counter)
///   }
/// }
/// ```
///
/// A child state created inside a parent's ``WithParentState`` (typically by the parent's
/// reducer, when it presents the child or adds a row) starts from the parent's current value;
/// created where a value is provided with `DependencyValues.sharedState(_:_:)`, from that value;
/// anywhere else, from the key's ``SharedStateKey/defaultValue``. From its first action on, the
/// child hears every change as `.willChange(newValue)` — and at once, if the parent's value is
/// no longer the one it holds.
///
/// The child does not know who provides the value, and works on its own: without a parent it
/// keeps its value and receives nothing. Equality, hashing, coding and dumps see the value alone.
@propertyWrapper
public struct ChildState<Key: SharedStateKey>: Sendable {
  /// The shared value, as the child last heard it.
  public var wrappedValue: Key.Value

  /// Marks that the child observes a parent's channel.
  var subscription: SharedStateSubscription?

  /// Starts from the value of the parent in force, or of a stand-in, or the key's default.
  public init() {
    // Child states are made by reducers (a parent presenting a child, adding a row), or outside
    // any store; never take the value from what an effect had in force.
    @Dependency(\.parentState) var parentState
    self.wrappedValue =
      parentState.channel(for: Key.self, reducersOnly: true)?.value ?? Key.defaultValue
  }

  /// Starts from a given value: `@ChildState<CounterKey> var counter = 7`, or
  /// `Child.State(counter: ChildState(wrappedValue: 7))` in a test's expectation.
  ///
  /// - Parameter wrappedValue: The value to start from.
  public init(wrappedValue: Key.Value) {
    self.wrappedValue = wrappedValue
  }

  /// The parent channel in force when the child does not observe it yet: the one to subscribe
  /// to. Asked on every action of the child's reducer.
  @usableFromInline
  var channelToJoin: ParentChannel<Key>? {
    @Dependency(\.parentState) var parentState
    guard let channel = parentState.channel(for: Key.self, reducersOnly: true),
      !(subscription?.isLive(on: channel) ?? false)
    else { return nil }
    return channel
  }

  /// The wrapper itself, for `.sharedState(_:action:)`: `\.$counter`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension ChildState: Equatable {
  /// Compares the values alone.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension ChildState: Hashable where Key.Value: Hashable {
  /// Hashes the value alone.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension ChildState: Encodable where Key.Value: Encodable {
  /// Encodes the value alone, as if it were not wrapped.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension ChildState: Decodable where Key.Value: Decodable {
  /// Decodes the value alone.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Key.Value(from: decoder))
  }
}

extension ChildState: CustomReflectable {
  /// Reflects as the value, so dumps and test diffs show `counter: 4`.
  public var customMirror: Mirror {
    // An optional that holds the value is what reflection-based printers (`print`, the test
    // store's diffs) show as the value itself.
    Mirror(self, unlabeledChildren: [wrappedValue], displayStyle: .optional)
  }
}
