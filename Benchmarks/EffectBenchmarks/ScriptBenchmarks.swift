import Foundation

#if canImport(Glibc)
  import Glibc
  private let rusageChildren = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let rusageChildren = RUSAGE_CHILDREN
#endif

/// `many-timers run --virtual-clock`, the program itself: how many script lines it runs a
/// second when each line lets a virtual second pass over two counting timers (two ticks a line,
/// each a timer's wake-up, its action reduced and its next sleep). It runs the `many-timers`
/// built beside this benchmark, so build both in release (`swift build -c release`).
struct ScriptBenchmarks {
  let harness: Harness

  /// The most CPU time a line may take, in microseconds: two ticks and a parsed line (about
  /// 100 before the script ran on the main serial executor, 40 after, 23 once the test clock
  /// and the clock activity took their steps without generic lookups or checked continuations).
  static let budget = 40.0

  /// The row, or `nil` (with a note on standard error) when `many-timers` is not built.
  func advanceLines() -> Row? {
    let program = URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("many-timers")
    guard FileManager.default.isExecutableFile(atPath: program.path) else {
      FileHandle.standardError.write(
        Data("script-lines: no \(program.path); build it with 'swift build -c release'\n".utf8))
      return nil
    }
    // Within the 100 hours a timer counts at most.
    let lines = min(harness.iterations(100_000), 300_000)
    // Long timers, so that both count through every line.
    let script =
      "add a 100h\nadd b 100h\nstart 1\nstart 2\n"
      + String(repeating: "advance 1\n", count: lines) + "dump\n"
    // CPU time, not wall time: the program runs on one thread, and on a shared machine the
    // wall clock also counts the time other processes had the cores.
    var samples: [Double] = []
    for _ in 0..<max(3, harness.rounds / 3) {
      let before = childrenCPUTime()
      run(program, script: script)
      samples.append((childrenCPUTime() - before) / Double(lines))
    }
    let perLine = samples.sorted()[samples.count / 2]
    return Row(
      name: "script-lines (advance 1, 2 timers)", ours: perLine, baseline: 1,
      budget: Self.budget,
      note: "CPU µs per line: \(Int(1_000_000 / perLine)) lines per CPU second (whole program)",
      kind: .absolute(unit: "µs"))
  }

  /// The CPU time, user and system, in microseconds, of the child processes that have ended.
  private func childrenCPUTime() -> Double {
    var usage = rusage()
    getrusage(rusageChildren, &usage)
    let microseconds = { (time: timeval) in Double(time.tv_sec) * 1e6 + Double(time.tv_usec) }
    return microseconds(usage.ru_utime) + microseconds(usage.ru_stime)
  }

  /// Runs the program on `script` through its standard input and waits for it.
  private func run(_ program: URL, script: String) {
    let process = Process()
    process.executableURL = program
    process.arguments = ["run", "--virtual-clock", "--timers", "0"]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      fatalError("script-lines: cannot run \(program.path): \(error)")
    }
    input.fileHandleForWriting.write(Data(script.utf8))
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      fatalError("script-lines: many-timers exited with \(process.terminationStatus)")
    }
  }
}
