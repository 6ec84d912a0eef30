import Synchronization

/// Standard input, output and error as the program finds them, which may be closed, a pipe
/// whose reader has gone, or a full disk. None of these may end the run before its documents
/// are saved: a write that fails is noted (standard output) or dropped (standard error), never
/// a crash or a SIGPIPE.
enum StandardStreams {
  /// The `errno` of the first write to standard output that failed, 0 while none has.
  static let outputError = Atomic<Int32>(0)
  /// Whether standard output was closed when the program started.
  private static let outputWasClosed = Atomic<Bool>(false)

  /// Makes the streams safe to use; call it first, before any file is opened.
  ///
  /// - SIGPIPE is ignored: a write to a pipe nobody reads fails with `EPIPE` instead of ending
  ///   the process (`many-timers run … | head -1` still saves its documents).
  /// - A stream that was closed (`<&-`, `>&-`, `2>&-`) is opened on `/dev/null`, so that the
  ///   next file the program opens (a document's temporary file) never takes its number and
  ///   receives its output. Closed standard input reads as empty; a write to closed standard
  ///   output fails (`EBADF`).
  static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let null = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
      if null >= 0, null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
      if descriptor == 1 { outputWasClosed.store(true, ordering: .relaxed) }
    }
  }

  /// Writes `text` to standard output at once, unbuffered. After a failure nothing more is
  /// written; ``outputFailure`` says why.
  static func writeOutput(_ text: String) {
    guard outputError.load(ordering: .relaxed) == 0 else { return }
    guard !outputWasClosed.load(ordering: .relaxed) else {
      outputError.store(EBADF, ordering: .relaxed)
      return
    }
    if let failure = writeAll(1, text) { outputError.store(failure, ordering: .relaxed) }
  }

  /// Writes `text` to standard error; a failure (closed, full) is ignored, since there is
  /// nowhere left to report it. Every line is sanitized (``TerminalText``): a message that
  /// quotes a path or a system error holding ESC or BEL cannot steer the terminal.
  static func writeError(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    _ = writeAll(2, lines.map { TerminalText.sanitized($0) }.joined(separator: "\n"))
  }

  /// Why writing to standard output failed, or `nil` when it has not.
  static var outputFailure: String? {
    let code = outputError.load(ordering: .relaxed)
    guard code != 0 else { return nil }
    return String(cString: strerror(code)).lowercased()
  }

  /// Writes every byte, retrying after signals; the `errno` of a failure, `nil` on success.
  private static func writeAll(_ descriptor: Int32, _ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { bytes -> Int32? in
      guard let base = bytes.baseAddress else { return nil }
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }
}
