/// The effects started by one ``TestStore/send(_:assert:fileID:file:line:column:)``, and by
/// every action they send back, transitively, as TCA's.
///
/// Cancel it to end a long-living effect (a timer, an observation) that the test has seen
/// enough of, or wait for it to finish:
///
/// ```swift
/// let task = try await store.send(.startObserving)
/// try await store.receive(.changed(1)) { $0.value = 1 }
/// await task.cancel()
/// try await store.finish()
/// ```
public struct TestStoreTask: Sendable {
  let task: StoreTask
  let hasFailed: LockIsolated<Bool>
  let timeout: Duration

  /// Cancels the send's effects, subscriptions included, and waits until their tasks have
  /// returned.
  @MainActor
  public func cancel() async {
    task.cancel()
    await task.finish()
  }

  /// Waits for the send's effects to finish. A subscription counts as running until it is
  /// cancelled.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait; the store's ``TestStore/timeout`` when `nil`.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  /// - Throws: When the effects are still running after `timeout`, once the failure is
  ///   reported at this call.
  @MainActor
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let limit = timeout ?? self.timeout
    // Read again on every check: the effects of actions they send join while it waits.
    let tree = task.tree
    let outcome = await TestWaiter.wait(timeout: limit) {
      ClockActivity.isAnyInFlight(tree?.taskAddresses ?? [])
    } until: {
      tree?.isEnded ?? true
    }
    guard outcome.isMet else {
      hasFailed.withLock { $0 = true }
      throw TestStoreFailure(
        "The effects of this send are still running after \(outcome.waitedDescription). Advance the clock they "
          + "wait on, or cancel them with 'task.cancel()'.",
        fileID: fileID, filePath: filePath, line: line, column: column
      ).report()
    }
  }

  /// Whether every effect of the send was cancelled; `true` when it started none.
  public var isCancelled: Bool { task.isCancelled }
}
