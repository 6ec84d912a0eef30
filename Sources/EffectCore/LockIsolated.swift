/// A value guarded by a lock, for state that tasks and threads share: a counter an effect bumps,
/// a log a test reads.
///
/// ```swift
/// let log = LockIsolated<[String]>([])
/// log.withLock { $0.append("started") }
/// log.value   // ["started"]
/// log.setValue(["reset"])
/// log.count  // 1: a property of the value, read under the lock (dynamic member lookup)
/// ```
///
/// The lock is the operating system's (a POSIX mutex; a critical section on Windows), which
/// ThreadSanitizer understands (the standard library's `Mutex` is built on futexes on Linux,
/// which it cannot see), so that a `--sanitize=thread` run of code built on EffectKit reports
/// real races only.
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  // `mutex` comes first: a zero-sized `Value` (`Void`) would otherwise share its address, and
  // ThreadSanitizer would take reading the mutex for a race with the guarded access.
  private let mutex: SystemLock
  // Every access to `stored` happens with `mutex` held.
  private var stored: Value

  /// Guards a value.
  ///
  /// - Parameter value: The value.
  public init(_ value: Value) {
    mutex = SystemLock()
    stored = value
  }

  deinit {
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock.
  ///
  /// - Parameter body: Reads or changes the value; it must not call back into this lock.
  /// - Returns: What `body` returns.
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&stored)
  }

  /// A copy of the value, read under the lock.
  public var value: Value {
    withLock { $0 }
  }

  /// A property of the value, read under the lock, as swift-concurrency-extras' `LockIsolated`
  /// offers it: `counts.count` for `counts.withLock { $0.count }`.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    withLock { $0[keyPath: keyPath] }
  }

  /// Runs `operation` with the value, holding the lock: ``withLock(_:)`` under the name TCA's
  /// code uses (swift-concurrency-extras' `LockIsolated`).
  ///
  /// ```swift
  /// let count = LockIsolated(0)
  /// count.withValue { $0 += 1 }
  /// ```
  ///
  /// - Parameter operation: Reads or changes the value; it must not call back into this lock.
  /// - Returns: What `operation` returns.
  public func withValue<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    try withLock(operation)
  }

  /// Replaces the value, holding the lock.
  ///
  /// ```swift
  /// let isCalled = LockIsolated(false)
  /// isCalled.setValue(true)
  /// ```
  ///
  /// - Parameter newValue: The new value, made while the lock is held.
  public func setValue(_ newValue: @autoclosure () throws -> Value) rethrows {
    try withLock { $0 = try newValue() }
  }
}
