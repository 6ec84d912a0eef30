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

/// The default values of dependency keys: live and preview values made once per process, test
/// values once per test.
@usableFromInline
enum DefaultValues {
  private struct Key: Hashable {
    let key: ObjectIdentifier
    let context: DependencyContext
    /// The test a test value belongs to.
    let test: AnyHashable?
  }

  private static let slots = LockIsolated<[Key: any Sendable]>([:])

  @usableFromInline
  static func value<K: TestDependencyKey>(of key: K.Type, in context: DependencyContext) -> K.Value
  {
    var test: AnyHashable?
    if context == .test {
      // A test value is made once per Swift Testing test (per case of a parameterized one), as
      // in swift-dependencies: every read in the test, and in the tasks it starts, gets the same
      // one, and no test sees another's. Outside one (XCTest, whose running test case is not
      // public), each read makes it afresh, so that a stateful value never leaks between tests.
      test = RunningTest.current
      guard test != nil else {
        return Resolution.resolving(ObjectIdentifier(key), name: "\(key)") { K.testValue }
      }
    }
    let slot = slots.withLock { slots in
      let id = Key(key: ObjectIdentifier(key), context: context, test: test)
      if let slot = slots[id] { return slot as! OnceSlot<K.Value> }
      let slot = OnceSlot<K.Value>()
      slots[id] = slot
      return slot
    }
    if let value = slot.peek() { return value }
    // The cycle check comes before the slot's lock, which a cycle would otherwise wait on.
    return Resolution.resolving(ObjectIdentifier(key), name: "\(key)") {
      slot.get {
        switch context {
        case .live: liveValue(of: key)
        case .preview: K.previewValue
        case .test: K.testValue
        }
      }
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
