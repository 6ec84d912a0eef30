import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process fed a script on standard input, whose output is watched without blocking a
/// thread of the test's concurrency pool.
///
/// Its output is read by polling a non-blocking pipe, not with `readabilityHandler`: on Linux a
/// handler's dispatch source outliving its file descriptor now and then crashed libdispatch's
/// event loop (`_dispatch_event_loop_drain`) and the whole test process with it.
final class Child {
  let process = Process()
  private let stdin = Pipe()
  private let stdout = Pipe()
  private var sawOutput = false
  private var sawEnd = false

  /// Starts `executable` and writes `input` to its standard input, closed afterwards unless
  /// `keepInputOpen`.
  init(
    _ executable: URL, _ arguments: [String], input: String, keepInputOpen: Bool = false
  ) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    let output = stdout.fileHandleForReading.fileDescriptor
    _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    if !keepInputOpen { try stdin.fileHandleForWriting.close() }
  }

  /// Writes more of the script to the child's standard input (kept open).
  func send(_ text: String) {
    stdin.fileHandleForWriting.write(Data(text.utf8))
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
      readAvailableOutput()
      if sawOutput { return true }
      if sawEnd { return false }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return false
  }

  /// Reads whatever output is there, without waiting, and notes whether there was any and
  /// whether it has ended.
  private func readAvailableOutput() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !sawEnd {
      let count = read(stdout.fileHandleForReading.fileDescriptor, &buffer, buffer.count)
      if count > 0 {
        sawOutput = true
      } else {
        if count == 0 { sawEnd = true }
        return  // Nothing more for now (EAGAIN), or the end.
      }
    }
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
