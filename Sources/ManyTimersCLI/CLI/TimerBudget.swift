import Foundation

/// How many timers this machine holds, and how many it keeps counting on the live screen.
///
/// A timer that is not counting costs memory only: the screen reads only the ones it shows, so
/// `--timers` is bounded by memory (a quarter of it, at ``bytesPerTimer`` a timer). Every
/// counting timer is a task that wakes once a second and an action reduced on the main actor,
/// so how many may count at once follows the processors (``maximumCounting``): the screen's
/// "start all" refuses to go beyond it, so that keys and `q` keep answering.
enum TimerBudget {
  /// Timers one processor keeps ticking once a second on the live screen, with room to spare:
  /// a release build on a loaded two-core machine kept 20,000 at 1 Hz and fell behind at 50,000.
  static let timersPerProcessor = 10_000
  /// What a counting timer costs in memory, generously.
  static let bytesPerTimer = 16 * 1024

  /// The most timers a shoebox may hold.
  static let maximumTimers: Int = {
    let memory = Int(clamping: ProcessInfo.processInfo.physicalMemory)
    return max(1_000, min(memory / 4 / bytesPerTimer, 1_000_000))
  }()

  /// The most timers the live screen starts with "start all".
  static let maximumCounting: Int = {
    let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)
    return min(maximumTimers, processors * timersPerProcessor)
  }()

  /// Why the bound on timers is what it is, for the usage error.
  static var reason: String {
    "a quarter of the memory, at \(bytesPerTimer / 1024) KiB a timer"
  }

  /// Why "start all" refuses, for the screen's message.
  static var countingReason: String {
    let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)
    return "\(timersPerProcessor) per processor, \(processors) "
      + (processors == 1 ? "processor" : "processors")
  }
}
