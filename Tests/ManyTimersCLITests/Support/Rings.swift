import EffectCore

/// Counts the terminal bell's rings, from whichever task rings it.
final class Rings: Sendable {
  private let rings = LockIsolated(0)

  func ring() { rings.withLock { $0 += 1 } }
  var count: Int { rings.value }
}
