/// Contexts that stores inherit from the code that creates them.
///
/// A store created inside ``with(_:operation:)-(_,()->R)`` keeps that context for every later
/// action and effect, as if its root reducer had been wrapped with `Reducer.context(_:)`.
/// Injection's `withDependencies { ... } operation: { Store(...) }` is built on this.
///
/// ```swift
/// let store = InheritedContext.with(Tenant(name: "acme")) {
///   Store(initialState: Feature.State()) { Feature() }
/// }
/// ```
public enum InheritedContext {
  @TaskLocal static var contexts: [any ReducerContext] = []

  /// The contexts a store created here would inherit, outermost first.
  public static var current: [any ReducerContext] { contexts }

  /// Runs a synchronous operation in which newly created stores inherit `context`, inside the
  /// contexts already inherited.
  ///
  /// - Parameters:
  ///   - context: The context to add.
  ///   - operation: The work, for instance creating a store.
  /// - Returns: What `operation` returns.
  public static func with<R>(
    _ context: some ReducerContext, operation: () throws -> R
  ) rethrows -> R {
    try $contexts.withValue(contexts + [context], operation: operation)
  }

  /// Runs an asynchronous operation in which newly created stores inherit `context`.
  ///
  /// - Parameters:
  ///   - context: The context to add.
  ///   - isolation: The actor the operation runs on; the caller's, by default.
  ///   - operation: The work, for instance creating a store.
  /// - Returns: What `operation` returns.
  public static func with<R>(
    _ context: some ReducerContext,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $contexts.withValue(contexts + [context], operation: operation)
  }
}

/// The contexts a store inherited, entered outermost first.
struct InheritedContexts: ReducerContext {
  let contexts: [any ReducerContext]

  var bindsTaskLocalsOnly: Bool { contexts.allSatisfy(\.bindsTaskLocalsOnly) }

  func withEffectTaskCreation<R>(_ operation: () throws -> R) rethrows -> R {
    try enter(contexts[...], forTaskCreation: true, operation)
  }

  func withContext<R>(_ operation: () throws -> R) rethrows -> R {
    try enter(contexts[...], forTaskCreation: false, operation)
  }

  func withEffectContext(_ operation: () async -> Void) async {
    await enter(contexts[...], operation)
  }

  /// Enters `rest` outermost first around a synchronous operation: a reducer call, or the
  /// creation of an effect's task.
  private func enter<R>(
    _ rest: ArraySlice<any ReducerContext>, forTaskCreation: Bool, _ operation: () throws -> R
  ) rethrows -> R {
    guard let first = rest.first else { return try operation() }
    guard forTaskCreation else {
      return try first.withContext {
        try enter(rest.dropFirst(), forTaskCreation: false, operation)
      }
    }
    return try first.withEffectTaskCreation {
      try enter(rest.dropFirst(), forTaskCreation: true, operation)
    }
  }

  private func enter(_ rest: ArraySlice<any ReducerContext>, _ operation: () async -> Void) async {
    guard let first = rest.first else { return await operation() }
    await first.withEffectContext { await enter(rest.dropFirst(), operation) }
  }
}
