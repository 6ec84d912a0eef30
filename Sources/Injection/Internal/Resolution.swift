/// The chain of dependencies being created in the current task, to stop a factory that needs
/// itself, directly or through others, with a message that names the cycle.
enum Resolution {
  @TaskLocal private static var chain: [(id: ObjectIdentifier, name: String)] = []

  /// Runs `create` for the dependency `id`, unless it is already being created in this task.
  static func resolving<Value>(
    _ id: ObjectIdentifier, name: @autoclosure () -> String, create: () -> Value
  ) -> Value {
    let chain = self.chain
    if let start = chain.firstIndex(where: { $0.id == id }) {
      let cycle = chain[start...].map(\.name) + [name()]
      DependencyIssue.fail(
        "Circular dependency: " + cycle.joined(separator: " → ")
          + ". Break the cycle: let one of these resolve the other lazily (@LazyInjected), or "
          + "pass the value in instead of resolving it in the factory.")
    }
    return $chain.withValue(chain + [(id, name())], operation: create)
  }
}

/// A value made at most once, even when many tasks ask for it at the same time.
final class OnceSlot<Value: Sendable>: Sendable {
  private let value = LockIsolated<(value: Value, generation: Int)?>(nil)

  /// The value, if it is there and not older than `generation`.
  func peek(generation: Int = 0) -> Value? {
    value.withLock { slot in
      guard let slot, slot.generation >= generation else { return nil }
      return slot.value
    }
  }

  /// The value, made with `create` if there is none or it is older than `generation`.
  func get(generation: Int = 0, _ create: () -> Value) -> Value {
    value.withLock { slot in
      if let slot, slot.generation >= generation { return slot.value }
      let made = create()
      slot = (made, generation)
      return made
    }
  }

  func clear() { value.withLock { $0 = nil } }
}

/// The live and preview values of dependency keys, made once per process.
@usableFromInline
enum DefaultValues {
  private struct Key: Hashable {
    let key: ObjectIdentifier
    let context: DependencyContext
  }

  private static let slots = LockIsolated<[Key: any Sendable]>([:])

  @usableFromInline
  static func value<K: TestDependencyKey>(of key: K.Type, in context: DependencyContext) -> K.Value
  {
    // Test values are read each time: a stateful test value must not leak between tests.
    if context == .test {
      return Resolution.resolving(ObjectIdentifier(key), name: "\(key)") { K.testValue }
    }
    let slot = slots.withLock { slots in
      let id = Key(key: ObjectIdentifier(key), context: context)
      if let slot = slots[id] { return slot as! OnceSlot<K.Value> }
      let slot = OnceSlot<K.Value>()
      slots[id] = slot
      return slot
    }
    if let value = slot.peek() { return value }
    // The cycle check comes before the slot's lock, which a cycle would otherwise wait on.
    return Resolution.resolving(ObjectIdentifier(key), name: "\(key)") {
      slot.get { context == .live ? liveValue(of: key) : K.previewValue }
    }
  }

  /// The key's live value; a key whose ``DependencyKey`` conformance is not linked (only its
  /// interface module is) has none, which debug builds report, and uses its test value.
  private static func liveValue<K: TestDependencyKey>(of key: K.Type) -> K.Value {
    func liveValue<Live: DependencyKey>(_: Live.Type) -> any Sendable { Live.liveValue }
    if let live = key as? any DependencyKey.Type, let value = liveValue(live) as? K.Value {
      return value
    }
    RuntimeWarning.report(
      "'\(key)' has no live value, but the app used it: it gets the test value.\n"
        + "To fix it, link the module that makes '\(key)' a DependencyKey "
        + "('extension \(key): DependencyKey { static let liveValue = … }'), or override the "
        + "dependency with withDependencies { … } operation: { … }.")
    return K.testValue
  }
}
