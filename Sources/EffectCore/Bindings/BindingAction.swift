/// An action that sets one property of a feature's state: a view's binding.
///
/// ```swift
/// enum Action: BindingActions {
///   case binding(BindingAction<State>)
/// }
/// store.send(.binding(.set(\.name, "Blob")))    // any writable property, as in TCA
/// store.send(.binding(.set(\.$name, "Blob")))   // a `@Bound` property, through its wrapper
/// store.name = "Blob"                           // the same, through the store
/// ```
///
/// Two binding actions are equal when they target the same property with equal values.
///
/// A `@Bound` property has one name in two spellings: `\.name` (what `store.name = …` sends) and
/// `\.$name` (its wrapper) are the same property to `targets(_:)`, to `case .binding(\.$name):`
/// and to `==`, for an action sent through a store (one that a store or ``ReduceBindings`` has
/// seen). Setting the whole of a `@Bound` value counts (`$store.settings.volume` in SwiftUI sends
/// `\.settings`, which `\.$settings` matches); a part of it is its own key path
/// (`.set(\.settings.volume, …)` matches `\.settings.volume` only).
public struct BindingAction<Root>: Equatable, @unchecked Sendable {
  // Key paths are immutable and the value is required to be Sendable, so sharing is safe.

  /// The property the action sets: a plain key path (`\.name`), or a `@Bound` property's
  /// projection (`\.$name`).
  public let keyPath: PartialKeyPath<Root>
  let value: any Sendable
  let apply: @Sendable (inout Root) -> Void
  let isEqual: @Sendable (BindingAction) -> Bool
  /// The type the key path sets: the property's, or its wrapper's for `\.$name`.
  let setType: Any.Type
  /// The state the action was sent to, once a store or ``ReduceBindings`` has seen it: what tells
  /// this key path's other spelling (`\.name` for `\.$name`) from another property.
  let root = BindingRoot<Root>()

  /// An action that sets a `@Bound` property.
  ///
  /// - Parameters:
  ///   - keyPath: The property's projected value, as in `\.$name`.
  ///   - value: The new value.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Bound<Value>>,
    _ value: Value
  ) -> Self {
    setting(keyPath, to: value) { $0.wrappedValue = $1 }
  }

  /// An action that sets a property, as a view's binding does: `store.name = "Blob"` sends
  /// `.binding(.set(\.name, "Blob"))`.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - value: The new value.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>,
    _ value: Value
  ) -> Self {
    setting(keyPath, to: value) { $0 = $1 }
  }

  /// An action that sets `value` into the property at `keyPath` with `assign`; equal to another
  /// for the same key path and an equal value.
  private static func setting<Property, Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Property>, to value: Value,
    _ assign: @escaping @Sendable (inout Property, Value) -> Void
  ) -> Self {
    let path = UncheckedSendable(keyPath)
    return Self(
      keyPath: keyPath,
      value: value,
      apply: { assign(&$0[keyPath: path.value], value) },
      isEqual: { other in (other.value as? Value) == value },
      setType: Property.self
    )
  }

  /// An action that sets nothing, only used to learn which enum case carries binding actions.
  static var placeholder: Self {
    Self(
      keyPath: \Root.self, value: 0, apply: { _ in }, isEqual: { _ in false },
      setType: Root.self)
  }

  /// Whether this action sets the given property.
  ///
  /// ```swift
  /// case .binding(let action) where action.targets(\.$name):
  ///   state.nameWasEdited = true
  /// ```
  ///
  /// - Parameter keyPath: The property's projected value.
  /// - Returns: `true` when the action sets that property.
  public func targets<Value>(_ keyPath: WritableKeyPath<Root, Bound<Value>>) -> Bool {
    sets(keyPath)
  }

  /// Whether this action sets the given property, named by a plain key path.
  ///
  /// ```swift
  /// case .binding(let action) where action.targets(\.name):
  ///   state.nameWasEdited = true
  /// ```
  ///
  /// - Parameter keyPath: The property.
  /// - Returns: `true` when the action sets that property.
  public func targets<Value>(_ keyPath: WritableKeyPath<Root, Value>) -> Bool {
    sets(keyPath)
  }

  /// Whether this action sets the property at `other`, spelled either way (`\.name` or
  /// `\.$name` for a `@Bound` property).
  func sets<Value>(_ other: WritableKeyPath<Root, Value>) -> Bool {
    if keyPath == other { return true }
    guard let state = root.state, let name = name(in: state) else { return false }
    return name
      == BoundWrites.name(of: other, setting: Value.self, in: state) {
        $0[keyPath: other] = $0[keyPath: other]
      }
  }

  /// Whether two actions set one property, spelled either way.
  func setsSameProperty(as other: Self) -> Bool {
    if keyPath == other.keyPath { return true }
    guard let state = root.state ?? other.root.state, let name = name(in: state) else {
      return false
    }
    return name == other.name(in: state)
  }

  /// The name of the `@Bound` property this action sets (see ``BoundWrites``).
  private func name(in state: Root) -> Int? {
    BoundWrites.name(of: keyPath, setting: setType, in: state, write: apply)
  }

  /// Sets the property on a state value.
  ///
  /// - Parameter root: The state to change.
  public func apply(to root: inout Root) {
    apply(&root)
  }

  /// Compares target and value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.isEqual(rhs) && lhs.setsSameProperty(as: rhs)
  }
}

extension BindingAction: CustomStringConvertible {
  /// `set(\State.$name, "Blob")`.
  public var description: String {
    "set(\(keyPath), \(String(reflecting: value)))"
  }
}

/// Actions that include setting `@Bound` state properties, handled by ``ReduceBindings``.
///
/// Conform an action enum with a `binding` case:
///
/// ```swift
/// enum Action: BindingActions {
///   case incrementAccessCount
///   case binding(BindingAction<State>)
/// }
/// ```
public protocol BindingActions<State> {
  /// The state whose properties are bound.
  associatedtype State

  /// The case that carries a binding action.
  static func binding(_ action: BindingAction<State>) -> Self
}
