extension Task where Success == Never, Failure == Never {
  /// Yields many times, each time through a task of low priority, so that the work that other
  /// tasks have ready gets a good chance to run first: swift-concurrency-extras' `megaYield`.
  ///
  /// ```swift
  /// await Task.megaYield()
  /// ```
  ///
  /// It guarantees nothing: on a busy machine the other work may still not have run. A test
  /// clock's `advance` and `run` do not need it (they know when the tasks of the test are
  /// asleep), nor does a test store; a test that waits for its own plain tasks is deterministic
  /// inside ``withMainSerialExecutor(isolation:operation:)``.
  ///
  /// - Parameter count: How many times to yield: by default the `TASK_MEGA_YIELD_COUNT`
  ///   environment variable's value, else 20 (at most 10,000).
  public static func megaYield(count: Int = defaultMegaYieldCount) async {
    for _ in 0..<count {
      await Task<Void, Never>.detached(priority: .background) { await Task<Never, Never>.yield() }
        .value
    }
  }

  /// How many times ``megaYield(count:)`` yields by default: the `TASK_MEGA_YIELD_COUNT`
  /// environment variable's value, between 0 and 10,000, else 20.
  public static var defaultMegaYieldCount: Int {
    let configured = OperatingSystem.environmentValue("TASK_MEGA_YIELD_COUNT").flatMap(Int.init)
    return max(0, min(configured ?? 20, 10_000))
  }
}
