@_spi(Contexts) import EffectCore

/// The namespaces in force, innermost last: an immutable chain ending at ``root``, so that
/// entering one is one small allocation and reading the chain in force is one task-local read.
///
/// An ``EffectID`` declared with a value carries that value as one more link, innermost, marked
/// as an augment so that it never equals a namespace with the same value.
final class Namespace: Hashable, @unchecked Sendable, CustomStringConvertible {
  // `value` only ever holds `Hashable & Sendable` values; nothing here is mutated.
  let value: AnyHashable
  let parent: Namespace?
  let isAugment: Bool
  private let depth: Int

  /// The end of every chain: no namespace at all.
  static let root = Namespace()

  /// The chain in force for the current task. Never optional: a task-local of a class type is
  /// copied by a plain retain, an optional one through the generic optional witnesses.
  @TaskLocal static var current: Namespace = root

  /// ``current``, read the fast way (one runtime lookup and one retain).
  static var inForce: Namespace {
    let namespace = $current.read(unbound: root)
    assert(namespace === current, "the fast task-local read disagrees with TaskLocal.get()")
    return namespace
  }

  private init() {
    value = AnyHashable(0)
    parent = nil
    isAugment = false
    depth = 0
  }

  init(_ value: AnyHashable, parent: Namespace) {
    self.value = value
    self.parent = parent
    self.isAugment = false
    self.depth = parent.depth + 1
  }

  /// The link that carries an id's assigned value, inside `parent`.
  init(augmenting value: AnyHashable, parent: Namespace) {
    self.value = value
    self.parent = parent
    self.isAugment = true
    self.depth = parent.depth + 1
  }

  /// Whether this is the end of the chain rather than a namespace.
  var isRoot: Bool { parent == nil }

  static func == (lhs: Namespace, rhs: Namespace) -> Bool {
    guard lhs.depth == rhs.depth else { return false }
    var left = lhs
    var right = rhs
    // Equal depths reach the root together, and the root is one object.
    while left !== right {
      guard left.isAugment == right.isAugment, left.value == right.value,
        let leftParent = left.parent, let rightParent = right.parent
      else { return false }
      left = leftParent
      right = rightParent
    }
    return true
  }

  func hash(into hasher: inout Hasher) {
    var node = self
    while let parent = node.parent {
      hasher.combine(node.value)
      node = parent
    }
  }

  var description: String {
    var values: [String] = []
    var node = self
    while let parent = node.parent {
      values.append(String(describing: node.value.base))
      node = parent
    }
    return "[" + values.reversed().joined(separator: ", ") + "]"
  }
}

/// Puts a namespace in force, inside the ones already in force, around a reducer and all of its
/// effects. Built by `Reducer.namespace(_:)` and `forEachNamespaced`.
public struct NamespaceContext: ReducerContext {
  let value: AnyHashable

  /// `true`: it binds one task-local value, the same around reducers and effects.
  public var bindsTaskLocalsOnly: Bool { true }

  @usableFromInline
  init(_ value: some Hashable & Sendable) {
    self.value = AnyHashable(value)
  }

  /// Runs `operation` inside the namespace.
  public func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try Namespace.$current.withValue(
      Namespace(value, parent: Namespace.inForce), operation: operation)
  }

  /// Runs an effect's `operation` inside the namespace.
  public func withEffectContext(_ operation: () async -> Void) async {
    await Namespace.$current.withValue(
      Namespace(value, parent: Namespace.inForce), operation: operation)
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
  public consuming func namespace<N: Hashable & Sendable>(
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
  public consuming func namespace<N: Hashable & Sendable>(
    _ namespace: @escaping (State) -> N
  ) -> ContextReducer<Self, NamespaceContext> {
    context { state, _ in NamespaceContext(namespace(state)) }
  }

  /// Namespaces the `@EffectID`s of this reducer with a value of its state, read once per
  /// action, before the action changes the state: `LonelyTimer().namespace(\.id)`.
  ///
  /// - Parameter namespace: The value's key path in the state.
  /// - Returns: A reducer that runs this one inside the namespace.
  public consuming func namespace<N: Hashable & Sendable>(
    _ namespace: KeyPath<State, N>
  ) -> ContextReducer<Self, NamespaceContext> {
    context { state, _ in NamespaceContext(state[keyPath: namespace]) }
  }
}
