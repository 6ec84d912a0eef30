@_spi(Contexts) import EffectCore

/// The dependencies in force: every override made by `withDependencies`, the `.dependency`
/// reducer modifier or a test store, over each key's default for the current
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
public struct DependencyValues: Sendable {
  /// The values in force for the current task.
  @TaskLocal static var current = DependencyValues()

  /// ``current``, read the fast way: one runtime lookup and a specialised copy.
  @usableFromInline static var inForce: DependencyValues {
    $current.read(unbound: DependencyValues())
  }

  /// Runs `body` on ``current`` where it is bound, without copying it out (which retains and
  /// releases the overrides). `body` only reads.
  ///
  /// Generic over the result, which is written straight to the caller's: a dependency read in an
  /// effect then adds no variable to the effect's asynchronous frame, which stays in the task's
  /// memory for as long as the effect runs.
  @usableFromInline
  static func readInForce<Result>(_ body: (borrowing DependencyValues) -> Result) -> Result {
    $current.withBoundValue(unbound: DependencyValues(), body)
  }

  @usableFromInline var overrides = Overrides()

  /// Which default every dependency without an override takes: live, preview or test.
  public var context: DependencyContext = .detected

  /// Dependencies with no overrides, in the detected context.
  public init() {}

  /// The value of a dependency: its override, or its default for ``context``.
  ///
  /// - Parameter key: The dependency's key.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    @inlinable
    get {
      if let box = overrides.box(for: ObjectIdentifier(key)) {
        return unsafeDowncast(box, to: Box<Key.Value>.self).value
      }
      return DefaultValues.value(of: key, in: context)
    }
    set {
      overrides.set(Box(newValue), for: ObjectIdentifier(key))
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
    set { overrides.set(newValue.map(Box.init), for: ObjectIdentifier(injectable)) }
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
