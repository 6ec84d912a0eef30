/// The effects started by one ``TestStore/send(_:assert:fileID:line:)``.
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
  let fileID: StaticString
  let line: UInt

  /// Cancels the send's effects and waits until their tasks have returned.
  @MainActor
  public func cancel() async {
    task.cancel()
    await task.finish()
  }

  /// Waits for the send's effects to finish.
  ///
  /// - Parameter timeout: How long to wait before failing.
  /// - Throws: ``TestStoreFailure`` when the effects are still running after `timeout`.
  @MainActor
  public func finish(timeout: Duration = .seconds(1)) async throws {
    let finished = await TestWaiter.wait(timeout: timeout) { task.isFinished }
    guard finished else {
      throw TestStoreFailure(
        "The effects of this send are still running after \(timeout). Advance the clock they "
          + "wait on, or cancel them with 'task.cancel()'.",
        fileID: fileID, line: line)
    }
  }

  /// Whether every effect of the send was cancelled; `true` when it started none.
  public var isCancelled: Bool { task.isCancelled }
}

/// Waits for something an effect does, first by yielding (enough when effects only hop between
/// tasks), then by polling in millisecond steps until a real-time limit.
@MainActor
enum TestWaiter {
  static func wait(timeout: Duration, until condition: () -> Bool) async -> Bool {
    if condition() { return true }
    for _ in 0..<32 {
      await Task.yield()
      if condition() { return true }
    }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
      try? await clock.sleep(for: .milliseconds(1))
      if condition() { return true }
    }
    return condition()
  }
}
