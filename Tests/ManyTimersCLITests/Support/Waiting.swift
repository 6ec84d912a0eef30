/// Waits until `condition` holds: first by yielding (enough when effects only hop between tasks
/// and the main actor), then by polling in millisecond steps for at most `timeout` of real time.
///
/// - Returns: Whether the condition held in time.
@MainActor
func eventually(
  timeout: Duration = .seconds(10), _ condition: () -> Bool
) async -> Bool {
  for _ in 0..<200 {
    if condition() { return true }
    await Task.yield()
  }
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while clock.now < deadline {
    if condition() { return true }
    try? await clock.sleep(for: .milliseconds(1))
  }
  return condition()
}
