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
/// The steps after the first are members where the type is known: `.presented` and
/// `.element(id:)` are paths, a case with a payload is its constructor (`Child.Action.rename`), and
/// a case without one, `.dismiss` or `.popFrom(id:)` is the action itself (see the overload that
/// takes a value):
///
/// ```swift
/// try await store.receive(/Feature.Action.destination .. .presented .. .saveTapped)
/// try await store.receive(/Feature.Action.destination .. .presented .. Editor.Action.renamed)
/// try await store.receive(/Feature.Action.destination .. .dismiss)
/// try await store.receive(/Feature.Action.path .. .popFrom(id: 0))
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

/// Composes a case path with one value of its payload: the path extracts `()` when `lhs` extracts
/// a value equal to `rhs` (by `==` when the payload is `Equatable`, otherwise by its dump, as a
/// failure message prints it), so a chain can end in a case without payload or in one exact
/// action, written as a member:
///
/// ```swift
/// try await store.receive(/Feature.Action.destination .. .presented .. .saveTapped)
/// try await store.receive(/Feature.Action.destination .. .dismiss)
/// try await store.receive(/Feature.Action.path .. .popFrom(id: 0))
/// ```
///
/// - Parameters:
///   - lhs: A path from the root.
///   - rhs: The payload `lhs` must extract.
/// - Returns: A path from `lhs`'s root that matches that one payload and embeds it.
public func .. <Root, Value>(
  lhs: CasePath<Root, Value>, rhs: Value
) -> CasePath<Root, Void> {
  let expected = UncheckedSendable(rhs)
  let isExpected = PayloadEquality.matcher(for: rhs)
  return CasePath(
    embed: { _ in lhs.embed(expected.value) },
    extract: { root in lhs.extract(from: root).flatMap { isExpected($0) ? () : nil } },
    label: { "\(lhs) .. \(PayloadEquality.label(of: expected.value))" },
    identifies: lhs.caseIdentity != nil)
}

/// How `lhs .. value` compares a payload with the value it names.
enum PayloadEquality {
  /// A test of whether a payload equals `expected`: `==` for an `Equatable` payload, otherwise
  /// the same dump.
  static func matcher<Value>(for expected: Value) -> @Sendable (Value) -> Bool {
    if let equatable = expected as? any Equatable {
      let equal = UncheckedSendable(equatable)
      return { equal.value.isEqual(to: $0) }
    }
    let dumped = Dump.string(expected)
    return { Dump.string($0) == dumped }
  }

  /// The value as a member of its type, as it is written in a chain: `.dismiss`,
  /// `.popFrom(id: 0)`.
  static func label(of value: Any) -> String {
    let dumped = Dump.lines(value).reduce(into: "") { line, next in
      let piece = next.drop { $0 == " " }
      line += line.hasSuffix(",") ? " " + piece : String(piece)
    }
    if let dot = dumped.firstIndex(of: "."), !dumped[..<dot].contains("(") {
      return String(dumped[dot...])
    }
    return dumped
  }
}

extension Equatable {
  /// Whether `other` is a `Self` equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
