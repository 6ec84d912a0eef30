import Foundation
import Injection
import Synchronization

/// `many-timers bench`: N LonelyTimers in one shoebox store on the real clock, against N bare
/// tasks sleeping one second in a loop, for the same time: ticks, CPU time and memory.
///
/// CPU is measured while the timers tick, from the moment all have started to the moment they
/// are stopped: setting up and tearing down N timers is not what the comparison is about.
@MainActor
struct Bench {
  let timers: Int
  let seconds: Int
  let output: (String) -> Void

  struct Figures {
    /// Ticks delivered while measuring.
    var ticks: Int
    /// CPU time used while measuring, in seconds.
    var cpu: Double
    /// How long the measurement took, in seconds: more than asked if the main actor fell behind.
    var wall: Double
    var memory: Int

    /// CPU seconds used per second: what N timers cost to keep running.
    var load: Double { wall > 0 ? cpu / wall : 0 }
  }

  func run() async {
    output(
      "bench: \(timers == 1 ? "1 timer" : "\(timers) timers") for \(seconds) s on the real clock")
    let baseline = await bare()
    let ours = await library()
    report("bare tasks", baseline)
    report("LonelyTimers", ours)
    let cpuRatio = baseline.load > 0 ? ours.load / baseline.load : 0
    let extra = timers > 0 ? (ours.memory - baseline.memory) / timers : 0
    output(
      "ratio: cpu \(format(cpuRatio))x the bare tasks (per second of running); memory \(extra) bytes per timer over them"
    )
  }

  private func report(_ name: String, _ figures: Figures) {
    let perTimer = timers > 0 ? figures.memory / timers : 0
    output(
      "\(name): ticks \(figures.ticks) in \(format(figures.wall)) s (\(Self.rate(figures.ticks, figures.wall))/s), cpu \(format(figures.cpu)) s, memory \(figures.memory / 1024) KiB (\(perTimer) bytes per timer)"
    )
  }

  /// Ticks per second, with one decimal: a few timers tick a few times a second, and a rate
  /// cut to a whole number would hide the difference between 1.0 and 1.9.
  static func rate(_ ticks: Int, _ seconds: Double) -> String {
    String(format: "%.1f", Double(ticks) / max(seconds, 0.001))
  }

  private func format(_ value: Double) -> String {
    String(format: "%.3f", value)
  }

  private func bare() async -> Figures {
    let ticks = Atomic<Int>(0)
    let before = Self.residentBytes()
    let tasks = (0..<timers).map { _ in
      Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(1))
          ticks.add(1, ordering: .relaxed)
        }
      }
    }
    var figures = await measure { ticks.load(ordering: .relaxed) }
    figures.memory = Self.residentBytes() - before
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
    return figures
  }

  private func library() async -> Figures {
    let before = Self.residentBytes()
    var state = Shoebox.State()
    for index in 0..<timers {
      state.append(LonelyTimer.State(name: "Timer \(index + 1)", duration: seconds + 3600))
    }
    let store = withDependencies {
      $0.continuousClock = ContinuousClock()
    } operation: {
      Store(initialState: state) { Shoebox() }
    }
    store.send(.startAll)
    var figures = await measure { store.timers.reduce(0) { $0 + $1.duration - $1.remaining } }
    figures.memory = Self.residentBytes() - before
    await store.send(.stopAll).finish()
    return figures
  }

  /// CPU, wall time and ticks over `seconds` of steady running: from half a second after a
  /// second in which the timers ticked no more than once each (not catching up with a start
  /// that took longer than a tick), so that every timer ticks `seconds` times inside the
  /// window and none on its edges.
  private func measure(ticks: () -> Int) async -> Figures {
    let clock = ContinuousClock()
    try? await Task.sleep(for: .milliseconds(500))
    for _ in 0..<10 {
      let before = ticks()
      try? await Task.sleep(for: .seconds(1))
      if ticks() - before <= timers + timers / 50 { break }
    }
    let ticksBefore = ticks()
    let cpuBefore = Self.cpuTime()
    let start = clock.now
    try? await Task.sleep(for: .seconds(seconds))
    let cpu = Self.cpuTime() - cpuBefore
    let wall = (start.duration(to: clock.now)).components
    return Figures(
      ticks: ticks() - ticksBefore, cpu: cpu,
      wall: Double(wall.seconds) + Double(wall.attoseconds) / 1e18, memory: 0)
  }

  static func cpuTime() -> Double {
    let usage = System.resourceUsage()
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }

  /// The process's resident memory now (Linux), or its peak where that is all there is.
  ///
  /// Memory freed by what ran before is first given back to the system (glibc's `malloc_trim`),
  /// so that it is not counted against whatever runs next.
  static func residentBytes() -> Int {
    System.releaseFreeMemory()
    return System.currentResidentBytes() ?? System.peakResidentBytes()
  }
}
