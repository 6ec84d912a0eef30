precedencegroup CasePathCompositionPrecedence {
  associativity: left
  higherThan: ComparisonPrecedence
}

/// Composes case paths, as swift-case-paths' `..` did before key paths replaced it.
infix operator .. : CasePathCompositionPrecedence

/// Composes two case paths: `a .. b` extracts with `a`, then with `b` from what `a` gave, and
/// embeds the other way round; the same as `a.appending(path: b)`.
///
/// Tests use it to receive an action of a presented child or a stack element by its case:
///
/// ```swift
/// try await store.receive(/Feature.Action.destination .. .presented .. /Destination.Action.edit)
/// try await store.receive(/Feature.Action.path .. .element(id: 0) .. /Path.Action.detail)
/// ```
///
/// - Parameters:
///   - lhs: A path from the root.
///   - rhs: A path from `lhs`'s value.
/// - Returns: A path from `lhs`'s root to `rhs`'s value.
public func .. <Root, Value, AppendedValue>(
  lhs: CasePath<Root, Value>, rhs: CasePath<Value, AppendedValue>
) -> CasePath<Root, AppendedValue> {
  lhs.appending(path: rhs)
}

/// Composes a case path with an enum case of its value: `/Action.child .. Child.Action.tap` is
/// `/Action.child .. /Child.Action.tap`.
///
/// - Parameters:
///   - lhs: A path from the root.
///   - rhs: A case of `lhs`'s value with a payload, used as its constructor.
/// - Returns: A path from `lhs`'s root to the case's payload.
public func .. <Root, Value, AppendedValue>(
  lhs: CasePath<Root, Value>, rhs: @escaping @Sendable (AppendedValue) -> Value
) -> CasePath<Root, AppendedValue> {
  lhs.appending(path: /rhs)
}
