/// Builds a reducer from the reducers listed in a block, run in the order written.
///
/// Supports `if`/`else`, `if let`, `switch` (through `buildEither`) and `for` loops:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Reduce { state, action in .none }
///   if isLoggingEnabled { Logger() }
///   for plugin in plugins { plugin }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  // Pass-through parameters are `consuming`: a borrowed one returned as owned is copied, and
  // the optimizer does not always remove the copy of a large reducer (a `Scope` is six words
  // with three references), which then costs a generic copy and destroy on every action.

  /// Passes a reducer through, pinning its state and action types.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: consuming R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// Takes a reducer held as an existential, as TCA's builder does.
  ///
  /// ```swift
  /// let feature: any Reducer<State, Action> = isPro ? Pro() : Basic()
  /// var body: some Reducer<State, Action> {
  ///   feature as any Reducer<State, Action>
  ///   Reduce { state, action in … }
  /// }
  /// ```
  ///
  /// Spell the existential out with `as any Reducer<State, Action>` (as in TCA): a bare value of
  /// existential type is otherwise opened for the generic `buildExpression`, which cannot return
  /// it.
  ///
  /// - Parameter reducer: The reducer.
  /// - Returns: The reducer, wrapped in a ``Reduce``.
  // Disfavoured: a reducer of a known type keeps its type, and is specialised.
  @_disfavoredOverload
  @inlinable
  public static func buildExpression(
    _ reducer: any Reducer<State, Action>
  ) -> Reduce<State, Action> {
    Reduce(reducer)
  }

  /// The reducer of a one-line block.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: consuming R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// Appends the next reducer of a block.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: consuming R0, next: consuming R1
  ) -> ReducerSequence<R0, R1> where R0.State == State, R0.Action == Action {
    ReducerSequence(accumulated, next)
  }

  /// An empty block.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// An `if` without `else`.
  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: consuming R?) -> R?
  where R.State == State, R.Action == Action {
    reducer
  }

  /// The first branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    first reducer: consuming First
  ) -> ReducerConditional<First, Second> where First.State == State, First.Action == Action {
    .first(reducer)
  }

  /// The second branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    second reducer: consuming Second
  ) -> ReducerConditional<First, Second> where Second.State == State, Second.Action == Action {
    .second(reducer)
  }

  /// A `for` loop: the reducers run in the loop's order.
  @inlinable
  public static func buildArray<R: Reducer>(_ reducers: [R]) -> ReducerArray<R>
  where R.State == State, R.Action == Action {
    ReducerArray(reducers)
  }

  /// Availability checks.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce(reducer)
  }
}

/// Two reducers run one after the other; built by ``ReducerBuilder``.
public struct ReducerSequence<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  @usableFromInline let r0: R0
  @usableFromInline let r1: R1

  @inlinable
  init(_ r0: R0, _ r1: R1) {
    self.r0 = r0
    self.r1 = r1
  }

  /// Runs the first reducer, then the second, and merges their effects.
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let first = r0.reduce(into: &state, action: action)
    let second = r1.reduce(into: &state, action: action)
    return first.merging(second)
  }
}

/// One of two reducers, chosen by an `if`/`else` or `switch`; built by ``ReducerBuilder``.
public enum ReducerConditional<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The first branch.
  case first(First)
  /// The second branch.
  case second(Second)

  /// Runs the chosen branch.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}

/// The reducers of a `for` loop, run in order; built by ``ReducerBuilder``.
public struct ReducerArray<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @inlinable
  init(_ reducers: [Element]) {
    self.reducers = reducers
  }

  /// Runs every reducer in order and merges their effects.
  @inlinable
  public func reduce(
    into state: inout Element.State, action: Element.Action
  ) -> Effect<Element.Action> {
    .merge(reducers.map { $0.reduce(into: &state, action: action) })
  }
}

extension Optional: Reducer where Wrapped: Reducer {
  /// Runs the wrapped reducer, if any: an `if` without `else` in a ``ReducerBuilder`` block.
  @inlinable
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<Wrapped.Action> {
    self?.reduce(into: &state, action: action) ?? .none
  }
}
