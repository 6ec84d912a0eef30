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

/// A reducer that reacts to a value's changes; see ``Reducer/onChange(of:_:)``.
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
