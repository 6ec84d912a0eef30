import Foundation

/// What a finished run of the `many-timers` executable printed, and how it ended.
struct FinishedRun: Sendable {
  let status: Int32
  let out: Data
  let err: Data
}

/// Runs `executable` with `arguments` and `input` on its standard input, to the end.
///
/// The waiting happens on a thread of its own: Swift's cooperative pool has a thread per core (two
/// here), and a test that blocked one while a child process starts up would stall every other
/// test's tasks meanwhile (on a loaded machine, past their real-time limits).
func runToEnd(_ executable: URL, _ arguments: [String], input: Data) async throws -> FinishedRun {
  try await withCheckedThrowingContinuation { continuation in
    Thread {
      continuation.resume(
        with: Result {
          let process = Process()
          process.executableURL = executable
          process.arguments = arguments
          let stdin = Pipe()
          let stdout = Pipe()
          let stderr = Pipe()
          process.standardInput = stdin
          process.standardOutput = stdout
          process.standardError = stderr
          try process.run()
          // Both outputs are read at once, so that a child filling one pipe never blocks.
          let err = LockIsolatedData()
          let reader = Thread { err.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
          reader.start()
          stdin.fileHandleForWriting.write(input)
          try stdin.fileHandleForWriting.close()
          let out = stdout.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          return FinishedRun(status: process.terminationStatus, out: out, err: err.wait())
        })
    }.start()
  }
}

/// Data one thread reads and another waits for.
private final class LockIsolatedData: @unchecked Sendable {
  // `@unchecked`: `data` is only touched with `condition` locked.
  private let condition = NSCondition()
  private var data: Data?

  func set(_ value: Data) {
    condition.lock()
    data = value
    condition.signal()
    condition.unlock()
  }

  func wait() -> Data {
    condition.lock()
    defer { condition.unlock() }
    while data == nil { condition.wait() }
    return data!
  }
}
