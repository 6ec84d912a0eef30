// `TaskLocal.get()` is not inlinable, so every read goes through its unspecialised generic body:
// a value-witness call to copy the value out, and for an optional value the optional's witnesses
// on top. Reading an `@EffectID` or a `@Dependency` is one task-local read, and the budget counts
// it against one bare read, so the modules built on contexts read their task-locals here instead:
// the same runtime lookup `TaskLocal` makes, and a copy specialised in the reading module.
//
// The runtime looks a value up by the address of its `TaskLocal` object; `TaskLocal.withValue`
// is inlinable and passes that same key, so the key is part of the concurrency runtime's ABI.

/// The concurrency runtime's lookup of a task-local value: the innermost binding of `key` in
/// the current task, or on this thread outside a task; `nil` when it is not bound.
@usableFromInline
@_silgen_name("swift_task_localValueGet")
func taskLocalValueGet(_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

extension TaskLocal {
  /// The value bound for the current task, read without `TaskLocal.get()`'s generic copy.
  ///
  /// For the modules built on EffectCore's contexts; the result equals `wrappedValue`.
  ///
  /// - Parameter unbound: The task-local's default value, returned when nothing is bound.
  /// - Returns: The innermost bound value, or `unbound`.
  @_spi(Contexts) @inlinable @inline(__always)
  public func read(unbound: @autoclosure () -> Value) -> Value {
    let key = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    guard let storage = taskLocalValueGet(key) else { return unbound() }
    return storage.assumingMemoryBound(to: Value.self).pointee
  }
}

extension TaskLocal {
  /// The address of the value bound for the current task, or `nil` when none is: for a reader
  /// that reads a field or two of a large value without copying it (and retaining what it holds).
  /// The address stays valid for as long as the binding it belongs to, so use it before the
  /// current scope returns.
  @_spi(Contexts) @inlinable @inline(__always)
  public func boundValueAddress() -> UnsafePointer<Value>? {
    let key = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    guard let storage = taskLocalValueGet(key) else { return nil }
    return UnsafePointer(storage.assumingMemoryBound(to: Value.self))
  }
}
