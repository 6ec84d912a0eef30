import EffectCore

/// Runs `operation` and returns the runtime warnings it reported, in order.
func warnings(_ operation: () -> Void) -> [String] {
  let recorded = LockIsolated<[String]>([])
  let record: @Sendable (String) -> Void = { message in recorded.withLock { $0.append(message) } }
  RuntimeWarning.$handler.withValue(record, operation: operation)
  return recorded.withLock { $0 }
}
