import EffectCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process fed a script on standard input, whose output is watched without blocking a
/// thread of the test's concurrency pool.
final class Child {
  let process = Process()
  private let stdin = Pipe()
  private let sawOutput = LockIsolated(false)
  private let sawEnd = LockIsolated(false)

  /// Starts `executable` and writes `input` to its standard input, closed afterwards unless
  /// `keepInputOpen`.
  init(
    _ executable: URL, _ arguments: [String], input: String, keepInputOpen: Bool = false
  ) throws {
    process.executableURL = executable
    process.arguments = arguments
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    stdout.fileHandleForReading.readabilityHandler = { [sawOutput, sawEnd] handle in
      if handle.availableData.isEmpty {
        handle.readabilityHandler = nil
        sawEnd.withLock { $0 = true }
      } else {
        sawOutput.withLock { $0 = true }
      }
    }
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    if !keepInputOpen { try stdin.fileHandleForWriting.close() }
  }

  /// Closes the child's standard input: it reads the end of its script.
  func closeInput() throws {
    try stdin.fileHandleForWriting.close()
  }

  /// Waits for the first output, polling every millisecond for at most `timeout`; `false` if
  /// the child's output ended without any.
  func waitForOutput(timeout: Duration = .seconds(10)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
      if sawOutput.value { return true }
      if sawEnd.value { return sawOutput.value }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return false
  }

  /// Waits for the child to exit, polling every millisecond for at most `timeout`; if it is
  /// still running then, kills it and returns `false`.
  @discardableResult
  func waitForExit(timeout: Duration = .seconds(10)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while process.isRunning, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    guard process.isRunning else { return true }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return false
  }
}
