import Foundation
import Synchronization

/// The real terminal: raw keys, the alternate screen, and putting everything back on every way
/// out: quit, Ctrl-C, SIGTERM, SIGHUP, SIGINT, a normal exit, and crashes.
enum Terminal {
  /// Whether the screen has the terminal: the first of `leave()` and the signal handlers to
  /// clear it restores the terminal, the others do nothing.
  static let isActive = Atomic<Bool>(false)
  /// The SIGTERM, SIGHUP or SIGINT that asked the screen to end, 0 until one did.
  static let endingSignal = Atomic<Int32>(0)
  /// Set by SIGWINCH; the screen redraws when it sees it.
  static let resized = Atomic<Bool>(false)

  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
  static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE]
  static let endingSignals = [SIGTERM, SIGHUP, SIGINT]

  /// The read end of the pipe on which the handlers of `endingSignals` wake the screen up.
  private nonisolated(unsafe) static var wakeUpReader: Int32 = -1

  /// Raw mode, alternate screen, hidden cursor; installs the handlers that undo them.
  static func enter() {
    // Every global the handlers read is made here, before any handler can run: a global is
    // initialized on first use, which is not async-signal-safe.
    let state = TerminalRestore.shared
    _ = endingSignal.load(ordering: .sequentiallyConsistent)
    _ = resized.load(ordering: .relaxed)
    tcgetattr(0, &state.pointee.saved)
    state.pointee.chainsToPrevious = ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] != nil
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      wakeUpReader = ends[0]
      state.pointee.wakeUp = ends[1]
    }
    captureStandardError()
    installAlternateSignalStack()
    for number in fatalSignals {
      install(restoreTerminalOnCrash, for: number, flags: SA_ONSTACK)
    }
    for number in endingSignals {
      install(requestEndOnSignal, for: number, flags: SA_RESTART)
    }
    install(noteResize, for: SIGWINCH, flags: SA_RESTART)

    var raw = state.pointee.saved
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    tcsetattr(0, TCSAFLUSH, &raw)
    isActive.store(true, ordering: .sequentiallyConsistent)
    write(enterSequence)
    atexit { Terminal.leave() }
  }

  /// Puts the terminal back as it was and the signal actions as they were; safe to call more
  /// than once.
  static func leave() {
    guard isActive.exchange(false, ordering: .sequentiallyConsistent) else { return }
    TerminalRestore.restore()
    let state = TerminalRestore.shared
    for number in fatalSignals + endingSignals + [SIGWINCH] {
      _ = sigaction(number, state.pointee.previous + Int(number), nil)
    }
  }

  /// Ends the process: by the signal that ended the screen, if one did (so that the shell
  /// reports 128 + N), otherwise with `status`.
  static func exit(_ status: ExitCode) -> Never {
    let number = endingSignal.load(ordering: .sequentiallyConsistent)
    if number != 0 { endNowOnSignal(number) }
    Foundation.exit(status.rawValue)
  }

  /// How long the screen has to end itself after SIGTERM, SIGHUP or SIGINT before the process
  /// ends without it. Half a second: a main actor flooded by thousands of ticks (a debug build
  /// at 20,000 timers) may not reach the request sooner, and the user was promised an end
  /// within a second. Documents are saved every two seconds and atomically, so ending without
  /// the final save loses at most the edits of the last two seconds, never a file.
  static let endGraceMicroseconds: UInt32 = 500_000

  /// The SIGTERM, SIGHUP or SIGINT that asks the screen to end, once. If the screen has not
  /// ended ``endGraceMicroseconds`` after it, the terminal is restored and the process ends
  /// without it.
  static func endRequests() -> AsyncStream<Int32> {
    let reader = wakeUpReader
    return AsyncStream { continuation in
      guard reader >= 0 else { return }
      let thread = Thread {
        var byte: UInt8 = 0
        while true {
          let count = read(reader, &byte, 1)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { return }
          break
        }
        let number = endingSignal.load(ordering: .sequentiallyConsistent)
        continuation.yield(number)
        continuation.finish()
        usleep(endGraceMicroseconds)
        endNowOnSignal(number)
      }
      thread.start()
    }
  }

  /// Writes text to standard output at once, unbuffered.
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      TerminalRestore.writeAll(1, UnsafeRawPointer(base), bytes.count)
    }
  }

  static func ringBell() {
    write("\u{07}")
  }

  /// The window's size in columns and rows, 80×24 when it cannot be read.
  static func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Reads keys on a thread of their own (a blocking read must not hold a task's thread).
  static func keys() -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
      let thread = Thread {
        // Large enough that a paste arrives in a few reads, each handled and drawn once.
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
          let count = read(0, &buffer, buffer.count)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { break }
          continuation.yield(Array(buffer[0..<count]))
        }
        continuation.finish()
      }
      thread.start()
    }
  }

  /// While the screen is up, standard error goes to an unlinked file when it is a terminal:
  /// written there, a message would be drawn over the screen and vanish with it. Leaving, and
  /// the crash handlers, copy it back.
  private static func captureStandardError() {
    guard isatty(2) == 1 else { return }
    var template = Array((NSTemporaryDirectory() + "/many-timers-stderr-XXXXXX").utf8CString)
    let capture = mkstemp(&template)
    guard capture >= 0 else { return }
    unlink(template)
    let original = dup(2)
    guard original >= 0, dup2(capture, 2) >= 0 else {
      close(capture)
      if original >= 0 { close(original) }
      return
    }
    _ = fcntl(original, F_SETFD, FD_CLOEXEC)
    _ = fcntl(capture, F_SETFD, FD_CLOEXEC)
    TerminalRestore.shared.pointee.originalError = original
    TerminalRestore.shared.pointee.capture = capture
  }

  /// A stack for the crash handlers of the main thread, so that they run after a stack overflow.
  private static func installAlternateSignalStack() {
    let size = 256 * 1024
    var stack = stack_t()
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    stack.ss_size = size
    stack.ss_flags = 0
    sigaltstack(&stack, nil)
  }

  private static func install(
    _ handler: @escaping @convention(c) (Int32) -> Void, for number: Int32, flags: Int32
  ) {
    var action = sigaction()
    System.setHandler(handler, of: &action)
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    sigaction(number, &action, TerminalRestore.shared.pointee.previous + Int(number))
  }
}
