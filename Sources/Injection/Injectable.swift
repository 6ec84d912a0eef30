import Synchronization

/// A value to inject, Silo style: declared once with a default factory, registered over for the
/// whole app, and overridden per task for tests and previews.
///
/// ```swift
/// enum API {
///   static let getUsers = Injectable<@Sendable () async throws -> [User]> { liveGetUsers }
/// }
///
/// @Injected(API.getUsers) var getUsers
/// let users = try await getUsers()
///
/// API.getUsers.register { { [.mock] } }      // app-wide, until reset()
/// withDependencies { $0[API.getUsers] = { [.mock] } } operation: { ... }   // this task only
/// ```
///
/// Resolution looks, in order, at the task's overrides (`withDependencies`), the registered
/// factory, and the default factory. Registrations are process-wide, like Silo's: tests that run
/// in parallel should override with `withDependencies` instead, which never leaks.
///
/// It is safe to resolve from many tasks at once; a `.cached` or `.singleton` value is made
/// exactly once. A factory that needs itself, directly or through others, stops with a message
/// that names the cycle.
public final class Injectable<Value: Sendable>: Sendable {
  /// The injectable's name in messages.
  public let name: String

  /// How long a resolved value lives.
  public let scope: InjectionScope

  private let defaultFactory: @Sendable () -> Value
  private let registered = LockIsolated<(@Sendable () -> Value)?>(nil)
  private let slot = OnceSlot<Value>()

  /// Declares an injectable.
  ///
  /// - Parameters:
  ///   - name: Its name in messages; by default its type and where it is declared.
  ///   - scope: How long a resolved value lives; `.unique` (a new value each time) by default.
  ///   - fileID: Where it is declared, for its default name.
  ///   - line: Where it is declared, for its default name.
  ///   - factory: Makes the default value.
  public init(
    name: String? = nil,
    scope: InjectionScope = .unique,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ factory: @escaping @Sendable () -> Value
  ) {
    self.name = name ?? "Injectable<\(Value.self)> at \(fileID):\(line)"
    self.scope = scope
    self.defaultFactory = factory
  }

  /// The value in force here: the task's override, or a value from the registered or default
  /// factory, according to ``scope``.
  public var value: Value {
    if let value = DependencyValues.inForce[self] { return value }
    let generation = scope == .cached ? InjectionScope.cachedGeneration : 0
    if scope != .unique, let value = slot.peek(generation: generation) { return value }
    // The cycle check comes before the slot's lock, which a cycle would otherwise wait on.
    return Resolution.resolving(ObjectIdentifier(self), name: name) {
      let factory = registered.withLock { $0 } ?? defaultFactory
      return scope == .unique ? factory() : slot.get(generation: generation, factory)
    }
  }

  /// Resolves the value: `API.getUsers()` is `API.getUsers.value`.
  public func callAsFunction() -> Value { value }

  /// Replaces the default factory for the whole process, until ``reset()``. A cached value is
  /// dropped.
  ///
  /// - Parameter factory: Makes the value from now on.
  public func register(_ factory: @escaping @Sendable () -> Value) {
    registered.withLock { $0 = factory }
    slot.clear()
  }

  /// Goes back to the default factory, and drops a cached value.
  public func reset() {
    registered.withLock { $0 = nil }
    slot.clear()
  }
}

extension Injectable: Hashable {
  /// Injectables are equal when they are the same declaration.
  public static func == (lhs: Injectable, rhs: Injectable) -> Bool { lhs === rhs }

  /// Hashes the declaration's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// How long the value of an ``Injectable`` lives.
public enum InjectionScope: Sendable, Equatable {
  /// A new value at every resolution (the default).
  case unique
  /// One value, shared until the injectable is registered over or reset, or until
  /// ``resetCachedValues()``.
  case cached
  /// One value for the life of the process, shared until the injectable is registered over or
  /// reset; ``resetCachedValues()`` leaves it alone.
  case singleton

  private static let generation = Atomic<Int>(0)

  static var cachedGeneration: Int { generation.load(ordering: .acquiring) }

  /// Drops the value of every `.cached` injectable: each is made again at its next resolution.
  public static func resetCachedValues() {
    generation.add(1, ordering: .releasing)
  }
}
