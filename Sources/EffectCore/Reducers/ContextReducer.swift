extension Reducer {
  /// Runs this reducer, and every effect it returns, inside a context.
  ///
  /// - Parameter context: The context; see ``ReducerContext``.
  /// - Returns: A reducer that enters `context` around `reduce` and around its effects.
  public func context<Context: ReducerContext>(
    _ context: Context
  ) -> ContextReducer<Self, Context> {
    ContextReducer(base: self) { _, _ in context }
  }

  /// Runs this reducer, and every effect it returns, inside a context made for each action.
  ///
  /// `makeContext` sees the state before the action changes it. Return `nil` to run without a
  /// context for that action.
  ///
  /// ```swift
  /// Row().context { state, _ in Tenant(name: state.tenant) }
  /// ```
  ///
  /// - Parameter makeContext: Makes the context from the state and the action.
  /// - Returns: A reducer that enters the context around `reduce` and around its effects.
  public func context<Context: ReducerContext>(
    _ makeContext: @escaping (_ state: State, _ action: Action) -> Context?
  ) -> ContextReducer<Self, Context> {
    ContextReducer(base: self, makeContext: makeContext)
  }
}

/// A reducer run inside a context; see ``Reducer/context(_:)-(Context)``.
public struct ContextReducer<Base: Reducer, Context: ReducerContext>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let makeContext: (Base.State, Base.Action) -> Context?

  @usableFromInline
  init(base: consuming Base, makeContext: @escaping (Base.State, Base.Action) -> Context?) {
    self.base = base
    self.makeContext = makeContext
  }

  /// Runs the base reducer inside the context and puts the context around its effects.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let context = makeContext(state, action) else {
      return base.reduce(into: &state, action: action)
    }
    return context.withContext { base.reduce(into: &state, action: action) }
      .withContext(context)
  }
}
