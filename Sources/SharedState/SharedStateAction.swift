/// What a feature that takes part in shared state receives when the shared value changes.
///
/// Give the child (or the parent that accepts its children's writes) a case that carries it, and
/// name that case in `.sharedState(_:action:)`:
///
/// ```swift
/// enum Action: Equatable {
///   case counter(SharedStateAction<CounterKey>)
///   case task
/// }
/// ```
public enum SharedStateAction<Key: SharedStateKey>: Sendable {
  /// The shared value is about to become this one.
  ///
  /// Your reducer sees the action before `.sharedState` stores the value: the state still holds
  /// the old value, the action carries the new one, so you can compare them.
  case willChange(Key.Value)
}

extension SharedStateAction: Equatable {}
extension SharedStateAction: Hashable where Key.Value: Hashable {}
