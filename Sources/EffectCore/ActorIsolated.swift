/// A value isolated to an actor, as swift-concurrency-extras' `ActorIsolated`: a mutable
/// value that async code, effects and test doubles share safely.
///
/// Tests use it to record what a client received from an effect:
///
/// ```swift
/// let saved = ActorIsolated<[String]>([])
/// let store = TestStore(initialState: Feature.State()) {
///   Feature(save: { name in await saved.withValue { $0.append(name) } })
/// }
/// try await store.send(.saveTapped)
/// try await store.finish()
/// #expect(await saved.value == ["Blob"])
/// ```
///
/// Every access is an `await`. Where a synchronous read or write is needed (a client closure
/// that is not `async`, a `Sendable` class's storage), use ``LockIsolated``.
public final actor ActorIsolated<Value> {
  /// The isolated value.
  public var value: Value

  /// Creates an actor isolating a value.
  ///
  /// - Parameter value: The initial value.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// Reads and changes the value in one step: no other access runs between the read and the
  /// write.
  ///
  /// ```swift
  /// let count = ActorIsolated(0)
  /// let next = await count.withValue { $0 += 1; return $0 }
  /// ```
  ///
  /// - Parameter operation: Gets the value `inout`; what it leaves is stored, even when it throws.
  /// - Returns: What `operation` returns.
  public func withValue<T>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    var value = self.value
    defer { self.value = value }
    return try operation(&value)
  }

  /// Replaces the value.
  ///
  /// ```swift
  /// await isFetching.setValue(true)
  /// ```
  ///
  /// - Parameter newValue: The new value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try newValue()
  }
}
