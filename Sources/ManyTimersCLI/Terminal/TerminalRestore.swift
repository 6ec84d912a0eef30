/// What a signal handler needs to put the terminal back, prepared before any handler is
/// installed: plain memory that a handler reads without locks, allocation or Swift runtime
/// calls, since a handler may run in the middle of a `malloc` or while a lock is held.
struct TerminalRestore {
  /// The terminal settings before the screen took over.
  var saved = termios()
  /// The bytes that leave the alternate screen and show the cursor again.
  var sequence: UnsafeMutablePointer<UInt8>
  var sequenceCount: Int
  /// Standard error as it was, while the screen sends it to `capture`; -1 when not captured.
  var originalError: Int32 = -1
  /// An unlinked file that holds what was written to standard error while the screen was up
  /// (a fatal error's message, for one): written on the terminal, it would be drawn on the
  /// alternate screen and vanish with it.
  var capture: Int32 = -1
  /// A buffer for copying `capture` back.
  var buffer: UnsafeMutableRawPointer
  // Computed, not stored: a stored static is initialized on first use, which a signal handler
  // must not be the one to do.
  static var bufferSize: Int { 4096 }
  /// The signal actions before `many-timers` installed its own, by signal number.
  var previous: UnsafeMutablePointer<sigaction>
  /// Whether a fatal signal goes on to the previous action (the Swift backtracer, when the
  /// user asked for it with `SWIFT_BACKTRACE`) rather than to the default one.
  var chainsToPrevious = false
  /// The write end of the pipe that tells the screen a SIGTERM, SIGHUP or SIGINT arrived.
  var wakeUp: Int32 = -1

  static var signalCount: Int { 65 }

  /// The one instance, made on first use, before any handler exists.
  nonisolated(unsafe) static let shared: UnsafeMutablePointer<TerminalRestore> = {
    let pointer = UnsafeMutablePointer<TerminalRestore>.allocate(capacity: 1)
    let text = Array(Terminal.leaveSequence.utf8)
    let sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count)
    sequence.initialize(from: text, count: text.count)
    let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCount)
    previous.initialize(repeating: sigaction(), count: signalCount)
    pointer.initialize(
      to: TerminalRestore(
        sequence: sequence, sequenceCount: text.count,
        buffer: UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 16),
        previous: previous))
    return pointer
  }()
}

extension TerminalRestore {
  /// Puts the terminal back: leaves the alternate screen, shows the cursor, restores the saved
  /// settings, and gives standard error back with what was written to it meanwhile.
  ///
  /// Only async-signal-safe calls (`write`, `tcsetattr`, `dup2`, `lseek`, `read`, `close`):
  /// signal handlers call this.
  static func restore() {
    let state = shared
    writeAll(1, UnsafeRawPointer(state.pointee.sequence), state.pointee.sequenceCount)
    _ = tcsetattr(0, TCSAFLUSH, &state.pointee.saved)
    let original = state.pointee.originalError
    let capture = state.pointee.capture
    guard original >= 0, capture >= 0 else { return }
    state.pointee.originalError = -1
    state.pointee.capture = -1
    _ = dup2(original, 2)
    _ = close(original)
    _ = lseek(capture, 0, SEEK_SET)
    while true {
      let count = read(capture, state.pointee.buffer, bufferSize)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      writeAll(2, UnsafeRawPointer(state.pointee.buffer), count)
    }
    _ = close(capture)
  }

  /// `write` until everything is written or the descriptor fails.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) {
    var offset = 0
    while offset < count {
      let written = write(descriptor, bytes + offset, count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Writes a number in decimal, without allocating.
  static func writeNumber(_ descriptor: Int32, _ number: Int32) {
    var digits: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    var value = max(0, min(9999, number))
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[3 - count] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
        count += 1
      } while value > 0
      writeAll(descriptor, UnsafeRawPointer(buffer.baseAddress! + 4 - count), count)
    }
  }
}

/// A fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE) while the screen is up:
/// restores the terminal, says so, and lets the signal take its course.
///
/// The signal is blocked while this runs, so the `raise` is delivered when it returns, to the
/// default action (or to the previous handler, the Swift backtracer, when the user asked for it
/// with `SWIFT_BACKTRACE`). A fault raised by an instruction happens again on return, and the
/// same action takes it.
func restoreTerminalOnCrash(_ number: Int32) {
  let state = TerminalRestore.shared
  if Terminal.isActive.exchange(false, ordering: .sequentiallyConsistent) {
    TerminalRestore.restore()
    let start: StaticString = "many-timers: crashed (signal "
    start.withUTF8Buffer { TerminalRestore.writeAll(2, $0.baseAddress!, $0.count) }
    TerminalRestore.writeNumber(2, number)
    let end: StaticString = "); the terminal was restored\n"
    end.withUTF8Buffer { TerminalRestore.writeAll(2, $0.baseAddress!, $0.count) }
  }
  if state.pointee.chainsToPrevious, number >= 0, number < TerminalRestore.signalCount {
    _ = sigaction(number, state.pointee.previous + Int(number), nil)
  } else {
    _ = signal(number, SIG_DFL)
  }
  _ = raise(number)
}

/// SIGTERM, SIGHUP or SIGINT while the screen is up: the first asks the screen to end (it saves
/// and restores the terminal, then ends by the same signal); a second one, or a screen that does
/// not end within half a second, restores the terminal and ends the process at once.
func requestEndOnSignal(_ number: Int32) {
  let state = TerminalRestore.shared
  guard
    Terminal.endingSignal.compareExchange(
      expected: 0, desired: number, ordering: .sequentiallyConsistent
    ).exchanged, state.pointee.wakeUp >= 0
  else {
    endNowOnSignal(number)
    return
  }
  var byte: UInt8 = 1
  _ = write(state.pointee.wakeUp, &byte, 1)
}

/// Restores the terminal (if the screen still has it) and ends the process by `number`, with
/// the signal's default action.
func endNowOnSignal(_ number: Int32) {
  if Terminal.isActive.exchange(false, ordering: .sequentiallyConsistent) {
    TerminalRestore.restore()
  }
  _ = signal(number, SIG_DFL)
  var set = sigset_t()
  _ = sigemptyset(&set)
  _ = sigaddset(&set, number)
  _ = sigprocmask(SIG_UNBLOCK, &set, nil)
  _ = raise(number)
  _exit(128 + number)
}

func noteResize(_: Int32) {
  Terminal.resized.store(true, ordering: .relaxed)
}
