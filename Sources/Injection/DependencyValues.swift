@_spi(Contexts) import EffectCore
import Synchronization

/// The dependencies in force: every override made by `withDependencies`, the `.dependency`
/// reducer modifier, a test trait or a test store, over each key's default for the current
/// ``DependencyContext``.
///
/// Extend it with a computed property per dependency, and read it with ``Dependency``:
///
/// ```swift
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// The values in force are task-local: they follow structured concurrency, so parallel tests
/// never see each other's overrides.
///
/// A set of values also owns the cache of the defaults made from it (live, preview and test
/// values, and those set by ``prepareDependencies(_:)``). Copies share it. A new set,
/// `DependencyValues()`, starts from nothing: no override, a cache of its own, the detected
/// context. Assigning one in `withDependencies` (`$0 = DependencyValues()`) gives the operation a
/// fresh start, which is what the `.dependencies` test trait does for every test.
public struct DependencyValues: Sendable {
  /// The values in force for the current task: read them to hand them elsewhere, as in
  /// swift-dependencies.
  ///
  /// ```swift
  /// let values = DependencyValues._current
  /// let clock = DependencyValues._current.continuousClock
  /// ```
  ///
  /// Change them with ``withDependencies(_:operation:)``, not by binding this task-local
  /// yourself.
  @TaskLocal public static var _current = DependencyValues.root

  /// The values in force where nothing is bound: no override, the process's cache.
  @usableFromInline static let root = DependencyValues(cache: .process)

  /// ``_current``, read the fast way: one runtime lookup and a specialised copy.
  @usableFromInline static var inForce: DependencyValues {
    $_current.read(unbound: root)
  }

  /// The address of ``_current``: where it is bound, or the process's values. A `@Dependency`
  /// reads through it without copying the values (which retains their overrides) and without a
  /// generic function between it and the read. Valid until the current scope returns.
  @usableFromInline
  static func inForceAddress() -> UnsafePointer<DependencyValues> {
    $_current.boundValueAddress() ?? rootAddress
  }

  /// The process's values, at an address of their own for ``inForceAddress()``.
  private nonisolated(unsafe) static let rootAddress: UnsafePointer<DependencyValues> = {
    let address = UnsafeMutablePointer<DependencyValues>.allocate(capacity: 1)
    address.initialize(to: root)
    return UnsafePointer(address)
  }()

  @usableFromInline var overrides = Overrides()

  /// The context set on these values, if any; ``context`` falls back to a prepared one, then to
  /// the detected one.
  @usableFromInline var contextOverride: DependencyContext?

  /// Which values these are: the same number means the same overrides, context and cache (a
  /// copy), so that a `@Dependency` tells with one comparison that the values it captured add
  /// nothing to those in force. Every change takes a new number; the process's values are 0,
  /// values that share the process's cache are positive, those with a cache of their own
  /// negative.
  @usableFromInline var identity: Int

  /// Where the defaults made from these values are kept: the process's, or one of their own,
  /// kept in an entry of ``overrides`` (the values are copied on every read of a dependency:
  /// they hold one reference, and a few plain words).
  @usableFromInline var cache: DependencyCache {
    guard identity < 0, let cache = overrides.box(for: Overrides.keptAlive) else { return .process }
    return unsafeDowncast(cache, to: DependencyCache.self)
  }

  /// Dependencies with no overrides, in the detected context, with a cache of their own: values
  /// made from them are made again, not shared with the values in force elsewhere.
  public init() {
    self.init(cache: DependencyCache())
  }

  init(cache: DependencyCache) {
    if cache === DependencyCache.process {
      self.identity = 0
    } else {
      overrides.keepAlive(cache)
      self.identity = -Self.newIdentity()
    }
  }

  private static let identities = Atomic<Int>(0)

  private static func newIdentity() -> Int {
    identities.add(1, ordering: .relaxed).newValue
  }

  /// Takes a new identity after a change, keeping what it says of the cache.
  private mutating func changed() {
    identity = identity < 0 ? -Self.newIdentity() : Self.newIdentity()
  }

  /// Fresh values in the live context: `$0 = .live`.
  public static var live: Self { Self(context: .live) }

  /// Fresh values in the preview context: `$0 = .preview`.
  public static var preview: Self { Self(context: .preview) }

  /// Fresh values in the test context: `$0 = .test`.
  public static var test: Self { Self(context: .test) }

  private init(context: DependencyContext) {
    self.init()
    self.contextOverride = context
  }

  /// Which default every dependency without an override takes: live, preview or test.
  ///
  /// Set it in `withDependencies` for an operation, or in ``prepareDependencies(_:)`` for the
  /// rest of the process (or of the test). Unset, it is ``DependencyContext/detected``.
  public var context: DependencyContext {
    get {
      if let contextOverride { return contextOverride }
      return cache.preparedContext() ?? .detected
    }
    set {
      if let preparation = Preparation.current {
        cache.prepareContext(newValue, in: context, preparation: preparation)
      } else {
        contextOverride = newValue
        changed()
      }
    }
  }

  /// The value of a dependency: its override, or its default for ``context``.
  ///
  /// - Parameter key: The dependency's key.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    @inlinable
    get {
      if let box = overrides.box(for: ObjectIdentifier(key)) {
        return unsafeDowncast(box, to: Box<Key.Value>.self).value
      }
      return cache.value(of: key, for: self)
    }
    set {
      if let preparation = Preparation.current {
        cache.prepare(newValue, for: key, in: context, preparation: preparation)
      } else {
        overrides.set(Box(newValue), for: ObjectIdentifier(key))
        changed()
      }
    }
  }

  /// The value an ``Injectable`` resolves to while these values are in force, instead of its
  /// registered or default factory.
  ///
  /// ```swift
  /// withDependencies { $0[API.getUsers] = { [.mock] } } operation: { ... }
  /// ```
  ///
  /// - Parameter injectable: The injectable.
  public subscript<Value: Sendable>(injectable: Injectable<Value>) -> Value? {
    get {
      overrides.box(for: ObjectIdentifier(injectable)).map {
        unsafeDowncast($0, to: Box<Value>.self).value
      }
    }
    set {
      overrides.set(newValue.map(Box.init), for: ObjectIdentifier(injectable))
      changed()
    }
  }

  /// These values with `newer`'s overrides and context laid over them: what a `@Dependency`
  /// made under these values reads under `newer`. The cache stays these values', as in
  /// swift-dependencies.
  func merging(_ newer: DependencyValues) -> DependencyValues {
    var merged = self
    for entry in newer.overrides.entries where entry.key != Overrides.keptAlive {
      merged.overrides.set(entry.box, for: entry.key)
    }
    if let context = newer.contextOverride { merged.contextOverride = context }
    merged.changed()
    return merged
  }

  /// Whether reading through these values, captured when a `@Dependency` was made, under
  /// values of identity `newer` gives what reading under those alone gives: they are the same
  /// values, or the process's own (no override, no context) and `newer` shares the process's
  /// cache (its identity is not negative). The common case, checked with two comparisons.
  @inlinable
  func addsNothing(toValuesWithIdentity newer: Int) -> Bool {
    identity == newer || (identity == 0 && newer >= 0)
  }

}

/// The overridden values, each boxed by type, so that reading one back is a pointer cast rather
/// than a dynamic cast from an existential: the key's type says what the box holds. Keys'
/// metadata and injectables are both never deallocated, so their identities never collide.
///
/// A flat list searched by identity: a context overrides a handful of dependencies, and comparing
/// a few addresses is cheaper than hashing one (a dictionary ran `Hasher` on every read).
@usableFromInline
struct Overrides: Sendable {
  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline let key: ObjectIdentifier
    @usableFromInline var box: any AnyObject & Sendable
  }

  @usableFromInline var entries: [Entry] = []

  /// The box overriding `key`, if any.
  @inlinable
  func box(for key: ObjectIdentifier) -> (any AnyObject & Sendable)? {
    entries.withUnsafeBufferPointer { entries in
      for entry in entries where entry.key == key { return entry.box }
      return nil
    }
  }

  /// The key of the entry that keeps a set of values' own cache alive; no dependency has it.
  static let keptAlive = ObjectIdentifier(DependencyCache.self)

  /// Keeps `cache` alive for as long as these overrides are.
  mutating func keepAlive(_ cache: DependencyCache) {
    set(cache, for: Self.keptAlive)
  }

  /// Overrides `key` with `box`, or removes its override when `box` is `nil`.
  mutating func set(_ box: (any AnyObject & Sendable)?, for key: ObjectIdentifier) {
    let index = entries.firstIndex { $0.key == key }
    switch (index, box) {
    case (let index?, let box?): entries[index].box = box
    case (let index?, nil): entries.remove(at: index)
    case (nil, let box?): entries.append(Entry(key: key, box: box))
    case (nil, nil): break
    }
  }
}

/// One dependency value, boxed so that it can be stored beside values of other types.
@usableFromInline
final class Box<Value: Sendable>: Sendable {
  @usableFromInline let value: Value
  init(_ value: Value) { self.value = value }
}
