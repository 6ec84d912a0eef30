import Foundation

/// How many timers this machine can keep ticking on the live screen, once a second each.
///
/// Every counting timer is a task that wakes once a second and an action reduced on the main
/// actor, so the bound follows the processors; its memory follows the timers, so the bound
/// also keeps them within a quarter of the machine's memory.
enum TimerBudget {
  /// Timers one processor keeps ticking once a second on the live screen, with room to spare:
  /// a release build on a loaded two-core machine kept 20,000 at 1 Hz and fell behind at 50,000.
  static let timersPerProcessor = 10_000
  /// What a counting timer costs in memory, generously.
  static let bytesPerTimer = 16 * 1024

  static let maximumTimers: Int = {
    let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let byProcessors = processors * timersPerProcessor
    let memory = Int(clamping: ProcessInfo.processInfo.physicalMemory)
    let byMemory = memory / 4 / bytesPerTimer
    return max(1_000, min(byProcessors, byMemory, 1_000_000))
  }()

  /// Why the bound is what it is, for the usage error.
  static var reason: String {
    let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)
    return "\(timersPerProcessor) per processor, \(processors) "
      + (processors == 1 ? "processor" : "processors")
  }
}
