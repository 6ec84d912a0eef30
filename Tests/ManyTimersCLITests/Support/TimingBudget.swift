import Foundation

@testable import ManyTimersCLI

/// The time limits of the screen's budget (ARCHITECTURE.md, "screen"): `q` and signals end the
/// program within a second, the screen keeps 1 Hz.
///
/// They are checked as written in the dedicated run, with `SCREEN_BUDGET_SECONDS` set, which
/// `.ci/run` makes on the plain debug build. Every other run, a ThreadSanitizer build above all
/// (many times slower, on a machine running many tests at once), checks what the limits are for
/// (the program ends, the terminal comes back, the screen moves) with room to spare: speed is
/// measured in dedicated checks, not in timed unit tests.
enum TimingBudget {
  static let isStrict = ProcessInfo.processInfo.environment["SCREEN_BUDGET_SECONDS"] != nil

  /// Whether this test process (and so the program it runs, built alongside) was built with
  /// ThreadSanitizer, whose runtime defines `__tsan_init`.
  static let isThreadSanitized =
    System.symbol(named: "__tsan_init", as: UnsafeRawPointer.self) != nil

  /// `budget` in the dedicated run, eight times as much otherwise, and forty times under
  /// ThreadSanitizer (whose build runs the program several times slower: a key's latency with
  /// 2,000 documents saving read 1.7 s there, 20–80 ms in the plain build).
  static func limit(_ budget: Duration) -> Duration {
    isStrict ? budget : budget * (isThreadSanitized ? 40 : 8)
  }
}
