/// A context that a higher-order reducer puts around its child: around the child's `reduce`
/// call, and around every asynchronous operation of the effects that call returns, however
/// late they start.
///
/// This is the one primitive that modules above EffectCore build on. EffectIdentifier's
/// namespaces and Injection's dependency overrides are both contexts: each binds a task-local
/// value for the duration of the operation it is given.
///
/// ```swift
/// struct Tenant: ReducerContext {
///   @TaskLocal static var current: String?
///   let name: String
///
///   func withContext<R>(_ operation: () throws -> R) rethrows -> R {
///     try Self.$current.withValue(name, operation: operation)
///   }
///   func withEffectContext(_ operation: () async -> Void) async {
///     await Self.$current.withValue(name, operation: operation)
///   }
/// }
///
/// Feature().context(Tenant(name: "acme"))   // Tenant.current is "acme" in reduce and effects
/// ```
///
/// Contexts nest: the outermost reducer's context is entered first, in the reducer and in every
/// effect alike. Actions that effects send re-enter the store at its root and pass through the
/// same reducers, so each context is in force again when they are reduced.
public protocol ReducerContext: Sendable {
  /// Runs a synchronous operation (a `reduce` call) inside the context.
  ///
  /// - Parameter operation: The work to run.
  /// - Returns: What `operation` returns.
  func withContext<R>(_ operation: () throws -> R) rethrows -> R

  /// Runs an asynchronous operation (the body of an effect) inside the context.
  ///
  /// - Parameter operation: The work to run.
  func withEffectContext(_ operation: () async -> Void) async

  /// Whether ``withEffectContext(_:)`` does nothing but bind task-local values. `false` unless
  /// a context says otherwise.
  ///
  /// A new task inherits the task-local values in force where it is created, so the store
  /// enters such a context with ``withEffectTaskCreation(_:)`` around creating an effect's task
  /// instead of running the effect inside ``withEffectContext(_:)``: the effect sees the same
  /// values, and a long-running effect keeps no asynchronous frame or closure per context. The
  /// contexts of EffectIdentifier, Injection and SharedState all say `true`.
  var bindsTaskLocalsOnly: Bool { get }

  /// Runs `operation`, which creates an effect's task, with the task-local values that
  /// ``withEffectContext(_:)`` would bind; used only when ``bindsTaskLocalsOnly`` is `true`.
  ///
  /// - Parameter operation: The work to run.
  /// - Returns: What `operation` returns.
  func withEffectTaskCreation<R>(_ operation: () throws -> R) rethrows -> R
}

extension ReducerContext {
  /// `false`: the context is entered with ``withEffectContext(_:)`` inside each effect.
  public var bindsTaskLocalsOnly: Bool { false }

  /// Runs `operation` inside ``withContext(_:)``, for contexts that bind the same task-local
  /// values around reducers and effects.
  ///
  /// - Parameter operation: The work to run.
  /// - Returns: What `operation` returns.
  public func withEffectTaskCreation<R>(_ operation: () throws -> R) rethrows -> R {
    try withContext(operation)
  }
}

extension Effect {
  /// Puts a context around every asynchronous operation of this effect, and around the
  /// registration of its subscriptions (``Effect/subscribe(_:)``).
  ///
  /// Reducers built with `Reducer.context(_:)` do this for you; use it for effects you build
  /// outside a reducer.
  ///
  /// - Parameter context: The context.
  /// - Returns: The same effect, whose operations run inside `context`.
  @inlinable
  public func withContext(_ context: some ReducerContext) -> Self {
    // Most effects are `.none`: answered where the effect's type is known, without reading the
    // generic operation enum, whose metadata unspecialised code looks up on every call.
    isNone ? self : enteringContext(context)
  }

  @usableFromInline
  func enteringContext(_ context: some ReducerContext) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(var run):
      run.enter(context)
      return Self(operation: .run(run))
    case .subscribe(var subscription):
      let register = subscription.register
      subscription.register = { send in context.withContext { register(send) } }
      subscription.deliveryContexts.insert(context, at: 0)
      return Self(operation: .subscribe(subscription))
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.withContext(context) }))
    }
  }
}
