import Foundation
import Synchronization

/// The live screen: draws the timers, redraws only what changed when they tick, reads keys,
/// saves documents as they change, and restores the terminal on the way out.
///
/// Its cost does not grow with the timers it does not show, nor with those that do not change:
/// each shown timer is read through its own store, which tells once when that timer changes
/// (``ScreenRows``); that sets a flag, a heartbeat draws at most ten times a second when the flag
/// is set, and a draw draws again only the lines of the timers that changed.
@MainActor
struct InteractiveScreen {
  let host: any TimerHost

  private enum Event {
    case keys([UInt8])
    /// The terminal is gone (its input ended): the screen ends as on `q`, even when the input
    /// ended inside a string sequence, where a Ctrl-C byte would be skipped.
    case endOfInput
    case heartbeat
    case terminate
    /// A save that ran meanwhile is done.
    case saved(SaveReport)
  }

  /// Set when the state changed since the last draw.
  private final class Changed: Sendable {
    let flag = Atomic<Bool>(true)
  }

  static let heartbeat = Duration.milliseconds(100)
  /// How often changed documents are saved, at most.
  static let saveInterval = Duration.seconds(2)
  /// How long a lone ESC waits for the rest of a sequence before it is the Escape key.
  static let escapeDelay = Duration.milliseconds(50)

  func run() async -> ExitCode {
    let controller = ScreenController(host: host)
    let color = ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    let title = host.canAddAndRemove ? "many-timers" : "many-timers — documents"
    Terminal.enter()
    defer { Terminal.leave() }

    let (events, continuation) = AsyncStream<Event>.makeStream()
    let keyTask = Task {
      for await bytes in Terminal.keys() { continuation.yield(.keys(bytes)) }
      continuation.yield(.endOfInput)
    }
    // SIGTERM, SIGHUP and SIGINT end the screen like `q` does (documents are saved, the
    // terminal restored), then the process ends by the same signal.
    let endTask = Task {
      for await _ in Terminal.endRequests() { continuation.yield(.terminate) }
    }
    // On the main actor, so that a busy main actor delays heartbeats instead of queueing them.
    let heartbeat = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: Self.heartbeat)
        continuation.yield(.heartbeat)
      }
    }
    defer {
      keyTask.cancel()
      endTask.cancel()
      heartbeat.cancel()
    }

    let changed = Changed()
    let rows = ScreenRows(host: host) { [changed] in changed.flag.store(true, ordering: .relaxed) }
    var previous: ScreenRenderer.Frame?
    var lastSave = ContinuousClock.now
    // The files the first save of the counting documents writes into are made meanwhile.
    host.prepareSaves()
    // Saves run away from the main actor, one at a time: keys and ticks never wait for a disk.
    var isSaving = false
    var problems: [String] = []
    var notes: [String] = []
    var decoder = KeyDecoder()
    // When a read ended in a lone ESC: the Escape key, unless more follows at once.
    var escapeSince: ContinuousClock.Instant?
    func draw() {
      if Terminal.resized.exchange(false, ordering: .relaxed) {
        previous = nil
        Terminal.write("\u{1B}[2J")
      }
      changed.flag.store(false, ordering: .relaxed)
      let size = Terminal.size()
      let renderer = ScreenRenderer(width: size.columns, height: size.rows, color: color)
      let selected = controller.selected
      let frame = renderer.frame(
        count: host.rowCount,
        rowLines: { rows.lines(for: $0, selected: selected, renderer: renderer) },
        selected: selected,
        bell: host.bell, prompt: controller.promptLine,
        message: controller.message ?? (problems.last ?? notes.last).map { " \($0)" },
        title: title)
      Terminal.write(ScreenDiff.update(from: previous, to: frame))
      previous = frame
    }

    draw()
    screen: for await event in events {
      switch event {
      case .terminate, .endOfInput:
        break screen
      case .keys(let bytes):
        await controller.handle(decoder.decode(bytes))
        escapeSince = decoder.isHoldingEscape ? .now : nil
        if controller.wantsToQuit { break screen }
        draw()
      case .saved(let report):
        isSaving = false
        problems = report.problems
        notes = report.notes.isEmpty ? notes : report.notes
        if !report.problems.isEmpty || !report.notes.isEmpty { draw() }
      case .heartbeat:
        if let since = escapeSince, ContinuousClock.now - since >= Self.escapeDelay {
          escapeSince = nil
          await controller.handle(decoder.flush())
          draw()
        }
        if !isSaving, ContinuousClock.now - lastSave >= Self.saveInterval {
          isSaving = true
          lastSave = .now
          Task { [host] in
            continuation.yield(.saved(await host.save(preparingNext: true)))
          }
        }
        if changed.flag.load(ordering: .relaxed) || Terminal.resized.load(ordering: .relaxed) {
          draw()
        }
      }
    }
    // The screen goes at once; the last save follows, with a save (or its preparation) still
    // running stopped where it can be (the last one writes newer values).
    Terminal.leave()
    host.interruptSaving()
    let report = await host.save()
    for note in report.notes { StandardStreams.writeError("\(note)\n") }
    for problem in report.problems { StandardStreams.writeError("error: \(problem)\n") }
    return report.problems.isEmpty ? .success : .ioError
  }
}
