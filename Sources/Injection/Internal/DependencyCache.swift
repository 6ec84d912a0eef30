@_spi(Contexts) import EffectCore
import Synchronization

/// The defaults made from one set of ``DependencyValues`` and its copies: live, preview and test
/// values, each made at most once per key, context and running test, and the values
/// ``prepareDependencies(_:)`` set.
///
/// The process has one, ``process``, which the values in force start from. `DependencyValues()`
/// makes another, so that an operation run with fresh values (a test under the `.dependencies`
/// trait) makes its own defaults and sees no value another test made or prepared.
@usableFromInline
final class DependencyCache: Sendable {
  private struct SlotKey: Hashable {
    let key: ObjectIdentifier
    let context: DependencyContext
    /// The Swift Testing test (and case) a value belongs to, as in swift-dependencies: a test
    /// never sees what another made or prepared, even in the process's cache.
    let test: AnyHashable?
  }

  /// The cache of the values in force where nothing else is bound.
  @usableFromInline static let process = DependencyCache(isProcess: true)

  /// Whether this is ``process``: in it, a test value asked for outside a Swift Testing test
  /// (in XCTest, whose running test case has no public identity) is made at every use, so that a
  /// stateful value never leaks from one test case into the next.
  private let isProcess: Bool

  private let slots = LockIsolated<[SlotKey: any Sendable]>([:])

  /// Whether any context was prepared, so that reading the context costs nothing until then.
  private let hasPreparedContext = Atomic<Bool>(false)

  init(isProcess: Bool = false) {
    self.isProcess = isProcess
  }

  /// The default of `key` for `values`' context: prepared, made before, or made now.
  @usableFromInline
  func value<Key: TestDependencyKey>(of key: Key.Type, for values: DependencyValues) -> Key.Value {
    let context = values.context
    let test = RunningTest.current
    let slot = self.slot(
      SlotKey(key: ObjectIdentifier(key), context: context, test: test), of: Key.Value.self)
    if let value = slot.peek() { return value }
    // The cycle check comes before the slot's lock, which a cycle would otherwise wait on.
    return Resolution.resolving(ObjectIdentifier(key), name: "\(key)") {
      if context == .test, test == nil, isProcess, Preparation.current == nil {
        return Self.make(key, in: context)
      }
      return slot.get(preparation: Preparation.current) { Self.make(key, in: context) }
    }
  }

  /// Sets the default of `key` for `context` for good, unless it was made or prepared before:
  /// ``prepareDependencies(_:)``'s rule.
  func prepare<Key: TestDependencyKey>(
    _ value: Key.Value, for key: Key.Type, in context: DependencyContext, preparation: Int
  ) {
    let id = SlotKey(key: ObjectIdentifier(key), context: context, test: RunningTest.current)
    let accepted = slot(id, of: Key.Value.self).prepare(
      value, preparation: preparation, allowsLate: context == .preview)
    guard !accepted, context != .preview else { return }
    DependencyIssue.report(
      Self.preparedTwice("\(key)", valueType: "\(Key.Value.self)"), isAboutSetting: true)
  }

  /// Sets the context for good, under the same rule as a dependency.
  func prepareContext(
    _ value: DependencyContext, in context: DependencyContext, preparation: Int
  ) {
    let accepted = slot(Self.contextSlot, of: DependencyContext.self).prepare(
      value, preparation: preparation, allowsLate: false)
    hasPreparedContext.store(true, ordering: .releasing)
    guard !accepted else { return }
    DependencyIssue.report(
      Self.preparedTwice("DependencyContext", valueType: "context"), isAboutSetting: true)
  }

  /// The context ``prepareDependencies(_:)`` set for the running test (or the process).
  func preparedContext() -> DependencyContext? {
    guard hasPreparedContext.load(ordering: .acquiring) else { return nil }
    return slot(Self.contextSlot, of: DependencyContext.self).peek()
  }

  private static var contextSlot: SlotKey {
    SlotKey(
      key: ObjectIdentifier(DependencyContext.self), context: .live, test: RunningTest.current)
  }

  private func slot<Value: Sendable>(_ id: SlotKey, of _: Value.Type) -> CacheSlot<Value> {
    slots.withLock { slots in
      if let slot = slots[id] { return slot as! CacheSlot<Value> }
      let slot = CacheSlot<Value>()
      slots[id] = slot
      return slot
    }
  }

  private static func make<Key: TestDependencyKey>(
    _ key: Key.Type, in context: DependencyContext
  ) -> Key.Value {
    switch context {
    case .live: liveValue(of: key)
    case .preview: Key.previewValue
    case .test: Key.testValue
    }
  }

  /// The key's live value; a key whose ``DependencyKey`` conformance is not linked (only its
  /// interface module is) has none: that is reported (a failure in a test, a runtime warning in
  /// an app), and it uses its test value.
  private static func liveValue<Key: TestDependencyKey>(of key: Key.Type) -> Key.Value {
    func liveValue<Live: DependencyKey>(_: Live.Type) -> any Sendable { Live.liveValue }
    if let live = key as? any DependencyKey.Type, let value = liveValue(live) as? Key.Value {
      return value
    }
    DependencyIssue.report(
      "'\(key)' has no live value, but it was used in the live context: it gets the test value.\n"
        + "To fix it, link the module that makes '\(key)' a DependencyKey "
        + "('extension \(key): DependencyKey { static let liveValue = … }'), or override the "
        + "dependency with withDependencies { … } operation: { … } or prepareDependencies { … }.",
      warnsOutsideTests: true)
    return Key.testValue
  }

  private static func preparedTwice(_ key: String, valueType: String) -> String {
    "'\(key)' (\(valueType)) has already been used or prepared: a dependency can be prepared "
      + "once, before it is first used.\n"
      + "To fix it, call prepareDependencies { … } once, as early as possible (at the app's entry "
      + "point), or override the dependency for a part of the app with "
      + "withDependencies { … } operation: { … }."
  }
}

/// One cached default: made at most once, even when many tasks ask for it at the same time, and
/// remembering which preparation (if any) set it.
private final class CacheSlot<Value: Sendable>: Sendable {
  private let state = Mutex<(value: Value, preparation: Int?)?>(nil)

  func peek() -> Value? { state.withLock { $0?.value } }

  /// The value, made with `create` under the slot's lock if there is none. A value made while a
  /// preparation runs belongs to it, so that the same preparation may still set it.
  func get(preparation: Int?, _ create: () -> Value) -> Value {
    state.withLock { state in
      if let state { return state.value }
      let made = create()
      state = (made, preparation)
      return made
    }
  }

  /// Sets the value for `preparation`, if nothing else made or prepared it first (or, when
  /// `allowsLate`, nothing else prepared it: a preview may be prepared after a first use).
  ///
  /// - Returns: Whether it was set.
  func prepare(_ value: Value, preparation: Int, allowsLate: Bool) -> Bool {
    state.withLock { state in
      if let existing = state {
        let isOwn = existing.preparation == preparation
        guard isOwn || (allowsLate && existing.preparation == nil) else { return false }
      }
      state = (value, preparation)
      return true
    }
  }
}

/// The preparation ``prepareDependencies(_:)`` is running in the current task, if any: a value
/// set on ``DependencyValues`` then goes to its cache, not to an override.
enum Preparation {
  @TaskLocal static var current: Int?

  private static let count = Atomic<Int>(0)

  /// A preparation never used before.
  static func next() -> Int { count.add(1, ordering: .relaxed).newValue }
}
