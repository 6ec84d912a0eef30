/// The namespaces in force, innermost last: an immutable chain, so that entering one is one
/// small allocation and reading the chain in force is one task-local read.
final class Namespace: Hashable, @unchecked Sendable, CustomStringConvertible {
  // `value` only ever holds `Hashable & Sendable` values; nothing here is mutated.
  let value: AnyHashable
  let parent: Namespace?
  private let depth: Int

  /// The chain in force for the current task.
  @TaskLocal static var current: Namespace?

  init(_ value: AnyHashable, parent: Namespace?) {
    self.value = value
    self.parent = parent
    self.depth = (parent?.depth ?? 0) + 1
  }

  static func == (lhs: Namespace, rhs: Namespace) -> Bool {
    var left: Namespace? = lhs
    var right: Namespace? = rhs
    guard lhs.depth == rhs.depth else { return false }
    while let l = left, let r = right {
      if l === r { return true }
      guard l.value == r.value else { return false }
      left = l.parent
      right = r.parent
    }
    return left == nil && right == nil
  }

  func hash(into hasher: inout Hasher) {
    var node: Namespace? = self
    while let current = node {
      hasher.combine(current.value)
      node = current.parent
    }
  }

  var description: String {
    var values: [String] = []
    var node: Namespace? = self
    while let current = node {
      values.append(String(describing: current.value.base))
      node = current.parent
    }
    return "[" + values.reversed().joined(separator: ", ") + "]"
  }
}

/// Puts a namespace in force, inside the ones already in force, around a reducer and all of its
/// effects. Built by `Reducer.namespace(_:)` and `forEachNamespaced`.
public struct NamespaceContext: ReducerContext {
  let value: AnyHashable

  init(_ value: some Hashable & Sendable) {
    self.value = AnyHashable(value)
  }

  /// Runs `operation` inside the namespace.
  public func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try Namespace.$current.withValue(
      Namespace(value, parent: Namespace.current), operation: operation)
  }

  /// Runs an effect's `operation` inside the namespace.
  public func withEffectContext(_ operation: () async -> Void) async {
    await Namespace.$current.withValue(
      Namespace(value, parent: Namespace.current), operation: operation)
  }
}

// `AnyHashable` is not `Sendable`, but a namespace context only ever holds a sendable value.
extension NamespaceContext: @unchecked Sendable {}

extension Reducer {
  /// Namespaces the `@EffectID`s of this reducer and of everything it runs with a constant.
  ///
  /// Give each document's root store its document's id, and two documents never share an
  /// effect id, however many copies of a feature they host:
  ///
  /// ```swift
  /// Store(initialState: document.state) { LonelyTimer().namespace(document.id) }
  /// ```
  ///
  /// Namespaces compose, outermost first, and are in force in the reducer and in every effect
  /// it returns.
  ///
  /// - Parameter namespace: A value unique to this instance of the feature.
  /// - Returns: A reducer that runs this one inside the namespace.
  public func namespace<N: Hashable & Sendable>(
    _ namespace: N
  ) -> ContextReducer<Self, NamespaceContext> {
    context(NamespaceContext(namespace))
  }

  /// Namespaces the `@EffectID`s of this reducer with a value derived from its state, read once
  /// per action, before the action changes the state.
  ///
  /// ```swift
  /// LonelyTimer().namespace { (state: LonelyTimer.State) in state.id }
  /// ```
  ///
  /// - Parameter namespace: Derives the namespace from the state.
  /// - Returns: A reducer that runs this one inside the namespace.
  public func namespace<N: Hashable & Sendable>(
    _ namespace: @escaping (State) -> N
  ) -> ContextReducer<Self, NamespaceContext> {
    context { state, _ in NamespaceContext(namespace(state)) }
  }

  /// Namespaces the `@EffectID`s of this reducer with a value of its state, read once per
  /// action, before the action changes the state: `LonelyTimer().namespace(\.id)`.
  ///
  /// - Parameter namespace: The value's key path in the state.
  /// - Returns: A reducer that runs this one inside the namespace.
  public func namespace<N: Hashable & Sendable>(
    _ namespace: KeyPath<State, N>
  ) -> ContextReducer<Self, NamespaceContext> {
    context { state, _ in NamespaceContext(state[keyPath: namespace]) }
  }
}
