import Foundation
import Testing

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal is put back on every way out of the live screen, crashes included: the
/// alternate screen left, the cursor shown, echo and line editing back, at once.
@Suite(.serialized) struct TerminalRestoreTests {
  /// Starts the screen and waits until it has drawn its first frame.
  func startScreen(
    _ arguments: [String] = ["shoebox", "--timers", "3"], drawing marker: String = "Timer 3"
  ) async throws -> ScreenChild {
    let child = try ScreenChild(arguments)
    #expect(await child.waitFor(marker), "the screen never drew: \(child.text.suffix(300))")
    #expect(!child.isRestored, "the screen should be in raw mode")
    return child
  }

  @Test(
    // ThreadSanitizer takes over signal delivery in the program it builds, so its crash path
    // is not the one that ships; the plain run checks it.
    .disabled(if: TimingBudget.isThreadSanitized, "signals go through ThreadSanitizer"),
    arguments: [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE])
  func aCrashRestoresTheTerminalAndDiesOfItsSignal(_ number: Int32) async throws {
    let child = try await startScreen()
    kill(child.process.processIdentifier, number)
    let took = try #require(await child.waitForExit(timeout: .seconds(20)), "it did not die")
    #expect(took < TimingBudget.limit(.seconds(2)), "a crash reporter waited for a key")
    #expect(child.process.terminationReason == .uncaughtSignal)
    #expect(child.process.terminationStatus == number)
    #expect(child.leftTheScreen)
    #expect(child.isRestored)
    #expect(
      child.text.contains("many-timers: crashed (signal \(number)); the terminal was restored"))
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func anEndingSignalRestoresTheTerminalAndEndsByThatSignal(_ number: Int32) async throws {
    let child = try await startScreen()
    kill(child.process.processIdentifier, number)
    let took = try #require(await child.waitForExit(timeout: .seconds(10)), "it did not end")
    #expect(took < TimingBudget.limit(.seconds(1)))
    #expect(child.process.terminationReason == .uncaughtSignal)
    #expect(child.process.terminationStatus == number)
    #expect(child.leftTheScreen)
    #expect(child.isRestored)
  }

  @Test func qRestoresTheTerminalAndExitsWithZero() async throws {
    let child = try await startScreen()
    child.type("q")
    let took = try #require(await child.waitForExit(timeout: .seconds(10)))
    #expect(took < TimingBudget.limit(.seconds(1)))
    #expect(child.process.terminationReason == .exit)
    #expect(child.process.terminationStatus == 0)
    #expect(child.leftTheScreen)
    #expect(child.isRestored)
  }

  @Test func whatIsWrittenToStandardErrorDuringTheScreenIsShownAfterIt() async throws {
    // A read-only document cannot be saved: the message comes after the screen, not on it.
    let folder = TemporaryFolder()
    let path = folder.write(TimerDocument.json(), to: "tea.timer")
    let child = try await startScreen(["open", path], drawing: "Tea")
    child.type("n")
    child.type("!\r")
    #expect(await child.waitFor("Tea!"))
    chmod(path, 0o444)
    child.type("q")
    try #require(await child.waitForExit() != nil)
    #expect(child.process.terminationStatus == ExitCode.ioError.rawValue)
    #expect(child.isRestored)
    let text = child.text
    let leave = try #require(text.range(of: "\u{1B}[?1049l", options: .backwards))
    #expect(text[leave.upperBound...].contains("error: \(path): cannot save"))
  }
}
