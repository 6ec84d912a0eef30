import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// The real terminal: raw keys, the alternate screen, and putting everything back on every way
/// out (quit, Ctrl-C, SIGTERM, a normal exit).
enum Terminal {
  /// The terminal settings before `enter()`, restored by `leave()` and by the signal handlers.
  private nonisolated(unsafe) static var saved = termios()
  private static let isActive = Atomic<Bool>(false)
  /// Set by SIGWINCH; the screen redraws when it sees it.
  static let resized = Atomic<Bool>(false)

  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
  static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Raw mode, alternate screen, hidden cursor; installs the handlers that undo them.
  static func enter() {
    tcgetattr(0, &saved)
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    tcsetattr(0, TCSAFLUSH, &raw)
    isActive.store(true, ordering: .sequentiallyConsistent)
    write(enterSequence)
    signal(SIGINT, leaveOnSignal)
    signal(SIGTERM, leaveOnSignal)
    signal(SIGHUP, leaveOnSignal)
    signal(SIGWINCH, noteResize)
    atexit { Terminal.leave() }
  }

  /// Puts the terminal back as it was; safe to call more than once.
  static func leave() {
    guard isActive.exchange(false, ordering: .sequentiallyConsistent) else { return }
    write(leaveSequence)
    tcsetattr(0, TCSAFLUSH, &saved)
  }

  /// Writes text to standard output at once, unbuffered.
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(1, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
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
        var buffer = [UInt8](repeating: 0, count: 64)
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
}

/// SIGINT, SIGTERM, SIGHUP: restore the terminal, then exit as the signal would.
private func leaveOnSignal(_ signalNumber: Int32) {
  Terminal.leave()
  _exit(128 + signalNumber)
}

private func noteResize(_: Int32) {
  Terminal.resized.store(true, ordering: .relaxed)
}
