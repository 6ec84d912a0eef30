/// Optional child state that a parent presents: a sheet, a pushed screen, a prompt, an alert.
///
/// Mark the property with the wrapper; the feature reads and writes it as a plain optional, and
/// its projection (`$destination`) is what `ifLet` runs the child through:
///
/// ```swift
/// struct Parent: Reducer {
///   struct State: Equatable {
///     @PresentationState var detail: Detail.State?
///   }
///   enum Action {
///     case detail(PresentationAction<Detail.Action>)
///     case showDetailTapped
///   }
///   var body: some Reducer<State, Action> {
///     Reduce { state, action in
///       if case .showDetailTapped = action { state.detail = Detail.State() }
///       return .none
///     }
///     .ifLet(\.$detail, action: /Action.detail) { Detail() }
///   }
/// }
/// ```
///
/// The child's state is kept in a copy-on-write box, so a feature may present itself (a
/// recursive state) and a parent's state stays small. Equality, hashing, coding, dumps and test
/// store diffs see the optional value only.
@propertyWrapper
public struct PresentationState<State> {
  /// Holds the child's state while it is presented; `nil` when nothing is.
  @usableFromInline
  final class Storage {
    /// `nil` only for a moment, while the child's state is lent out to be changed in place.
    @usableFromInline var value: State?

    @usableFromInline
    init(_ value: State) {
      self.value = value
    }
  }

  @usableFromInline var storage: Storage?

  /// Presents `wrappedValue`, or nothing when it is `nil`.
  ///
  /// A property declared without a value starts with nothing presented, and the memberwise
  /// initializer takes the optional state: `State(destination: .edit(...))`, or `State()`.
  ///
  /// - Parameter wrappedValue: The child's state.
  @inlinable
  public init(wrappedValue: State?) {
    storage = wrappedValue.map(Storage.init)
  }

  /// The presented child's state; `nil` when nothing is presented.
  @inlinable
  public var wrappedValue: State? {
    get { storage?.value }
    set {
      guard let newValue else {
        storage = nil
        return
      }
      if storage != nil, isKnownUniquelyReferenced(&storage) {
        storage!.value = newValue
      } else {
        storage = Storage(newValue)
      }
    }
    _modify {
      // The value leaves a box no one else holds, so that changing it does not copy what it
      // holds (an array of rows), and goes back into the same box.
      var value = take()
      defer { put(value) }
      yield &value
    }
  }

  /// The wrapper itself: what `ifLet(\.$destination, action:)` runs the child through.
  @inlinable
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }

  /// Reads or changes the child's state in one case of an enum destination.
  ///
  /// ```swift
  /// state.$destination[case: /Destination.State.edit]?.title = "Morning"
  /// ```
  ///
  /// Reading another case gives `nil`. Setting a value while the destination is in another case
  /// (or absent) changes nothing and reports a runtime warning; setting `nil` changes nothing.
  ///
  /// - Parameters:
  ///   - path: The destination's case.
  ///   - fileID: Where the subscript is used, for the warning.
  ///   - line: Where the subscript is used, for the warning.
  public subscript<Case>(
    case path: CasePath<State, Case>, fileID fileID: StaticString = #fileID,
    line line: UInt = #line
  ) -> Case? {
    get { wrappedValue.flatMap(path.extract(from:)) }
    set {
      guard let newValue else { return }
      guard let current = wrappedValue, path.extract(from: current) != nil else {
        RuntimeWarning.report(
          "A write to a case of the presented state at \(fileID):\(line) found the state "
            + "\(wrappedValue == nil ? "absent" : "in another case"); nothing was changed.")
        return
      }
      wrappedValue = path.embed(newValue)
    }
  }

  /// Lends the child's state out of the box: moved out when no one else holds the box.
  @usableFromInline
  mutating func take() -> State? {
    guard storage != nil else { return nil }
    guard isKnownUniquelyReferenced(&storage) else { return storage!.value }
    defer { storage!.value = nil }
    return storage!.value
  }

  /// Puts back what ``take()`` lent, into the same box when it is still this wrapper's alone.
  @usableFromInline
  mutating func put(_ value: State?) {
    guard let value else {
      storage = nil
      return
    }
    if storage != nil, isKnownUniquelyReferenced(&storage) {
      storage!.value = value
    } else {
      storage = Storage(value)
    }
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Equal when both present equal states, or both present nothing.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the optional state.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

// The box is only ever changed while this wrapper holds it alone (copy on write), so sharing it
// between copies is sharing an immutable value.
extension PresentationState: @unchecked Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the optional state.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(State?.self))
  }
}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the optional state.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension PresentationState: CustomReflectable {
  /// Reflects as the optional state.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

extension PresentationState: DumpsAsWrappedValue {
  var dumpedValue: Any { wrappedValue as Any }
}
