import Foundation
import Testing

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The "screen" budget of ARCHITECTURE.md, on the built program driving a pseudo-terminal:
/// with thousands of timers counting, memory stays flat, the screen keeps redrawing once a
/// second, and `q` or a signal ends it within a second.
///
/// By default it watches 5,000 timers for 3 seconds. The dedicated run (`SCREEN_BUDGET_SECONDS`
/// set, as `.ci/run` does on the debug build the README runs) watches 20,000 timers, the check of
/// issue 35: keys within 100 ms (the median; every key within a second), memory flat and `q`
/// within a second. That build had regressed to
/// keys taking seconds and `q` eleven (a store's mailbox reduced every tick waiting in one turn
/// of the main actor, and quitting stopped the timers one by one), which 5,000 timers never
/// showed. `SCREEN_BUDGET_TIMERS` sets another count:
///
/// ```sh
/// SCREEN_BUDGET_SECONDS=20 swift test --skip-build --filter ScreenBudgetTests
/// ```
@Suite(.serialized) struct ScreenBudgetTests {
  static let environment = ProcessInfo.processInfo.environment
  static let seconds = environment["SCREEN_BUDGET_SECONDS"].flatMap(Int.init) ?? 3
  static let timers =
    environment["SCREEN_BUDGET_TIMERS"].flatMap(Int.init)
    ?? (TimingBudget.isStrict ? min(20_000, TimerBudget.maximumCounting) : 5_000)
  /// The most the resident memory may grow while the timers count.
  static let growth = 50 * 1024 * 1024

  /// The remaining times row `row` showed, in the order drawn.
  static func shownTimes(of row: Int, in text: String) -> [String] {
    text.components(separatedBy: "Timer \(row) ").dropFirst().compactMap { rest in
      let time = rest.drop { $0 == " " }.prefix { $0 != " " }
      return time.contains(":") ? String(time) : nil
    }
  }

  /// Starts the screen with `timers` timers and starts them all.
  func startCounting() async throws -> ScreenChild {
    let child = try ScreenChild(["shoebox", "--timers", "\(Self.timers)"])
    #expect(await child.waitFor("Timer 18", timeout: .seconds(30)), "the screen never drew")
    child.type("S")
    #expect(
      await child.waitFor(timeout: .seconds(30)) { $0.text.contains("counting") },
      "the timers never started")
    return child
  }

  @Test func memoryStaysFlatAndTheScreenKeepsItsPace() async throws {
    let child = try await startCounting()
    // Let the start settle (20,000 timers take their first steps), then watch.
    await child.waitFor(timeout: .seconds(2)) { _ in false }
    // Resident memory is read from `/proc`: elsewhere the memory half is not checked.
    #if os(Linux)
      let before = try #require(child.residentBytes)
    #else
      let before = child.residentBytes ?? 0
    #endif
    var largest = before
    let mark = child.text.count
    let clock = ContinuousClock()
    var latencies: [Duration] = []
    for second in 0..<Self.seconds {
      // A key a second, moving the selection between the first two rows.
      let (key, shown) = second.isMultiple(of: 2) ? ("j", "▸  2") : ("k", "▸  1")
      let typed = child.output.count
      let start = clock.now
      child.type(key)
      await child.waitFor(timeout: .seconds(10)) { child in
        String(decoding: child.output[typed...], as: UTF8.self).contains(shown)
      }
      latencies.append(start.duration(to: clock.now))
      await child.waitFor(timeout: max(.zero, .seconds(1) - start.duration(to: clock.now))) { _ in
        false
      }
      largest = max(largest, child.residentBytes ?? 0)
    }
    let watched = String(child.text.dropFirst(mark))
    // Keys within 100 ms: the typical key (the median), so that one moment in which another
    // process held both cores does not decide the verdict; and every key within a second, which
    // the regression this guards against (keys taking seconds) never met.
    let sorted = latencies.sorted()
    let median = sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    let slowest = sorted.last ?? .zero
    #expect(
      median < TimingBudget.limit(.milliseconds(100)),
      "with \(Self.timers) timers counting, keys took \(latencies)")
    #expect(
      slowest < TimingBudget.limit(.seconds(1)),
      "with \(Self.timers) timers counting, keys took \(latencies)")
    #expect(
      largest - before <= Self.growth,
      "resident memory grew by \((largest - before) / 1024 / 1024) MB in \(Self.seconds) s")
    // Timer 18 (55 s) is the last row on a 24-row screen: it shows a new second each second.
    // Under ThreadSanitizer, beside the rest of the suite, it is enough that it was drawn. Past
    // 5,000 timers a debug build keeps them at 1 Hz only on a machine of its own (20,000 ticks
    // a second take about a core there): the screen must keep moving, at half the pace at least.
    let shown = Self.shownTimes(of: 18, in: watched)
    let strictPace = Self.timers <= 5_000 ? Self.seconds - 1 : Self.seconds / 2
    let pace = TimingBudget.isStrict ? strictPace : TimingBudget.isThreadSanitized ? 1 : 2
    #expect(
      Set(shown).count >= pace,
      "in \(Self.seconds) s the screen showed \(shown) for timer 18")
    child.type("q")
    let took = try #require(await child.waitForExit(timeout: .seconds(20)), "q did not end it")
    #expect(took < TimingBudget.limit(.seconds(1)), "q took \(took)")
    #expect(child.process.terminationStatus == 0)
    #expect(child.isRestored)
  }

  @Test func aSignalEndsACrowdedScreenWithinASecond() async throws {
    let child = try await startCounting()
    await child.waitFor(timeout: .milliseconds(500)) { _ in false }
    kill(child.process.processIdentifier, SIGHUP)
    let took = try #require(await child.waitForExit(timeout: .seconds(20)), "SIGHUP did not end it")
    #expect(took < TimingBudget.limit(.seconds(1)), "SIGHUP took \(took)")
    #expect(child.process.terminationReason == .uncaughtSignal)
    #expect(child.process.terminationStatus == SIGHUP)
    #expect(child.isRestored)
  }

  @MainActor @Test func timersAreBoundedByTheMachine() async {
    let console = Console()
    let status = await console.run(["shoebox", "--timers", "\(TimerBudget.maximumTimers + 1)"])
    #expect(status == .usage)
    #expect(
      console.errors.first?.hasPrefix(
        "error: '--timers' is at most \(TimerBudget.maximumTimers) on this machine") == true)
    #expect(TimerBudget.maximumTimers >= 1_000)
  }

  @MainActor @Test(arguments: ["shoebox", "run", "bench"])
  func everyCountAboveTheBoundGetsTheMessageThatNamesIt(command: String) async {
    let bound = "error: '--timers' is at most \(TimerBudget.maximumTimers) on this machine ("
    let huge = String(repeating: "9", count: 60)
    for count in ["1000001", "3000000", "9223372036854775807", "9223372036854775808", huge] {
      let console = Console()
      #expect(await console.run([command, "--timers", count]) == .usage)
      let message = console.errors.first?.split(separator: "\n").first.map(String.init) ?? ""
      #expect(message.hasPrefix(bound), "\(command) --timers \(count): \(message)")
      #expect(message.hasSuffix(count.count > 40 ? "(60 characters)" : "not \(count)"))
    }
    for count in ["-1", "1e6", "many", ""] {
      let console = Console()
      #expect(await console.run([command, "--timers", count]) == .usage)
      #expect(
        console.errors.first?.hasPrefix("error: bad value '\(count)' for '--timers'\n") == true)
    }
  }
}
