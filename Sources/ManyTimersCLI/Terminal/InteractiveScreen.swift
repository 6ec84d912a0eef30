import Foundation

/// The live screen: draws the timers, redraws only what changed when they tick, reads keys,
/// saves documents as they change, and restores the terminal on the way out.
@MainActor
struct InteractiveScreen {
  let host: any TimerHost

  private enum Event {
    case keys([UInt8])
    case changed
    case heartbeat
    case terminate
  }

  func run() async -> ExitCode {
    let controller = ScreenController(host: host)
    let color = ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    let title = host.canAddAndRemove ? "many-timers" : "many-timers — documents"
    Terminal.enter()
    defer { Terminal.leave() }

    let (events, continuation) = AsyncStream<Event>.makeStream()
    let keyTask = Task {
      for await bytes in Terminal.keys() { continuation.yield(.keys(bytes)) }
      continuation.yield(.keys([0x03]))
    }
    let changeTask = Task { [host] in
      for await _ in host.changes() { continuation.yield(.changed) }
    }
    let heartbeat = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(250))
        continuation.yield(.heartbeat)
      }
    }
    // SIGTERM and SIGHUP end the screen like `q` does: documents are saved, the terminal restored.
    let signals = [SIGTERM, SIGHUP].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { continuation.yield(.terminate) }
      source.resume()
      return source
    }
    defer {
      for source in signals { source.cancel() }
      keyTask.cancel()
      changeTask.cancel()
      heartbeat.cancel()
    }

    var previous: ScreenRenderer.Frame?
    var lastSave = ContinuousClock.now
    var problems: [String] = []
    func draw() {
      if Terminal.resized.exchange(false, ordering: .relaxed) {
        previous = nil
        Terminal.write("\u{1B}[2J")
      }
      let size = Terminal.size()
      let renderer = ScreenRenderer(width: size.columns, height: size.rows, color: color)
      let frame = renderer.frame(
        rows: host.rows, selected: controller.selected, bell: host.bell,
        prompt: controller.promptLine,
        message: controller.message ?? problems.last.map { " \($0)" },
        title: title)
      Terminal.write(ScreenDiff.update(from: previous, to: frame))
      previous = frame
    }

    draw()
    for await event in events {
      if case .terminate = event { break }
      if case .keys(let bytes) = event {
        for key in Key.decode(bytes) { controller.handle(key) }
        if controller.wantsToQuit { break }
      }
      if case .heartbeat = event, ContinuousClock.now - lastSave > .seconds(2) {
        problems = host.save()
        lastSave = .now
      }
      draw()
    }
    problems = host.save()
    Terminal.leave()
    for problem in problems {
      FileHandle.standardError.write(Data("error: \(problem)\n".utf8))
    }
    return problems.isEmpty ? .success : .ioError
  }
}
