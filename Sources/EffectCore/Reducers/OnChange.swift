extension Reducer {
  /// Runs extra logic when a value in the state changes.
  ///
  /// After this reducer has run, if the value at `toValue` differs from before, `reducer` runs
  /// with the old and new values and its effects join this reducer's.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .onChange(of: \.query) { old, new, state in
  ///     state.results = []
  ///     return .send(.search(new))
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: The value to watch.
  ///   - reducer: Runs on a change, with the old value, the new value and the state.
  /// - Returns: A reducer that watches the value.
  public consuming func onChange<Value: Equatable>(
    of toValue: KeyPath<State, Value>,
    _ reducer: @escaping (_ old: Value, _ new: Value, _ state: inout State) -> Effect<Action>
  ) -> OnChangeReducer<Self, Value> {
    OnChangeReducer(base: self, toValue: toValue, onChange: reducer)
  }
}

/// A reducer that reacts to a value's changes; see `Reducer.onChange(of:_:)`.
///
/// Inlinable, so that the base reducer runs specialised in the module that uses it.
public struct OnChangeReducer<Base: Reducer, Value: Equatable>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toValue: KeyPath<Base.State, Value>
  @usableFromInline let onChange: (Value, Value, inout Base.State) -> Effect<Base.Action>

  @usableFromInline
  init(
    base: Base, toValue: KeyPath<Base.State, Value>,
    onChange: @escaping (Value, Value, inout Base.State) -> Effect<Base.Action>
  ) {
    self.base = base
    self.toValue = toValue
    self.onChange = onChange
  }

  /// Runs the base reducer, then the change handler if the value changed.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let old = state[keyPath: toValue]
    let effect = base.reduce(into: &state, action: action)
    let new = state[keyPath: toValue]
    guard old != new else { return effect }
    return effect.merging(onChange(old, new, &state))
  }
}

extension Reducer {
  /// Runs a reducer built from the old and new values when a value in the state changes: TCA's
  /// `onChange(of:_:)`, whose reducer also sees the action that made the change.
  ///
  /// After this reducer has run, if the value `toValue` reads differs from before, `reducer` is
  /// called with the old and new values, and the reducer it builds runs with the same action;
  /// its effects join this reducer's. `toValue` is a key path (`\.query`) or a closure
  /// (`{ $0.items.count }`).
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .onChange(of: \.query) { old, new in
  ///     Reduce { state, action in
  ///       guard case .queryChanged = action else { return .none }
  ///       return .send(.search(new))
  ///     }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: Reads the value to watch from the state.
  ///   - reducer: Builds, from the old and new values, the reducer to run on a change.
  /// - Returns: A reducer that watches the value.
  public consuming func onChange<Value: Equatable, Built: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ old: Value, _ new: Value) -> Built
  ) -> OnChangeBuiltReducer<Self, Value, Built> {
    OnChangeBuiltReducer(base: self, toValue: toValue, build: reducer)
  }
}

/// A reducer that runs a reducer built from a value's change: what `onChange(of:)` in TCA's form,
/// `.onChange(of: \.x) { old, new in Reduce { ... } }`, returns.
public struct OnChangeBuiltReducer<Base: Reducer, Value: Equatable, Built: Reducer>: Reducer
where Built.State == Base.State, Built.Action == Base.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let build: (Value, Value) -> Built

  @usableFromInline
  init(
    base: Base, toValue: @escaping (Base.State) -> Value,
    build: @escaping (Value, Value) -> Built
  ) {
    self.base = base
    self.toValue = toValue
    self.build = build
  }

  /// Runs the base reducer, then, if the value changed, the reducer built from the change, with
  /// the same action.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let old = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let new = toValue(state)
    guard old != new else { return effect }
    return effect.merging(build(old, new).reduce(into: &state, action: action))
  }
}
