@_spi(Contexts) import EffectCore

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
