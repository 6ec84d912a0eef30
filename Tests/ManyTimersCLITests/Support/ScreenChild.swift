import Foundation

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `many-timers` on a pseudo-terminal of its own, as a user would run it: standard
/// input, output and error are the terminal, so it draws the live screen. The test types keys,
/// sends signals, reads what was drawn and looks at the terminal's settings afterwards.
final class ScreenChild {
  let process = Process()
  /// The test's end of the terminal.
  let master: Int32
  /// The program's end, kept open here too so that the terminal's settings outlive the program.
  private let slave: Int32
  /// Everything the program wrote to the terminal so far (read by ``readAvailable()``).
  private(set) var output: [UInt8] = []
  /// The terminal's settings before the program started.
  let initialSettings: termios

  static var executable: URL? { ExecutableTests.executable }

  init(
    _ arguments: [String], environment: [String: String] = [:], columns: UInt16 = 80,
    rows: UInt16 = 24
  ) throws {
    let executable = try requireExecutable()
    master = PseudoTerminal.open(O_RDWR | O_NOCTTY)
    guard master >= 0, PseudoTerminal.grant(master) == 0, PseudoTerminal.unlock(master) == 0,
      let name = PseudoTerminal.name(master)
    else { throw ScreenChildError.noTerminal }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw ScreenChildError.noTerminal }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var settings = termios()
    tcgetattr(slave, &settings)
    initialSettings = settings

    var variables = ProcessInfo.processInfo.environment
    variables["SWIFT_BACKTRACE"] = nil
    variables["NO_COLOR"] = nil
    variables["TERM"] = "xterm-256color"
    variables.merge(environment) { $1 }
    process.executableURL = executable
    process.arguments = arguments
    process.environment = variables
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    try process.run()
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    close(master)
    close(slave)
  }

  /// Everything written so far, as text.
  var text: String { String(decoding: output, as: UTF8.self) }

  /// Reads whatever the program wrote, without waiting.
  func readAvailable() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return }
      output += buffer[0..<count]
    }
  }

  /// Types `text` (its UTF-8 bytes, in one write).
  func type(_ text: String) {
    type(Array(text.utf8))
  }

  func type(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(master, buffer.baseAddress! + offset, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Waits until `condition` holds for the output, polling every millisecond for at most
  /// `timeout`; it reads the output all the while, so the program never blocks on a full
  /// terminal.
  @discardableResult
  func waitFor(
    timeout: Duration = .seconds(10), _ condition: (ScreenChild) -> Bool
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
      readAvailable()
      if condition(self) { return true }
      try? await Task.sleep(for: .milliseconds(1))
    }
    readAvailable()
    return condition(self)
  }

  /// Waits until the output contains `text`.
  @discardableResult
  func waitFor(_ text: String, timeout: Duration = .seconds(10)) async -> Bool {
    await waitFor(timeout: timeout) { $0.text.contains(text) }
  }

  /// Waits until the output contains one of `texts`.
  @discardableResult
  func waitFor(anyOf texts: [String], timeout: Duration = .seconds(10)) async -> Bool {
    await waitFor(timeout: timeout) { child in texts.contains { child.text.contains($0) } }
  }

  /// Waits for the program to end, reading its output meanwhile; kills it after `timeout`.
  /// - Returns: How long it took, or `nil` if it had to be killed.
  @discardableResult
  func waitForExit(timeout: Duration = .seconds(10)) async -> Duration? {
    let clock = ContinuousClock()
    let start = clock.now
    let finished = await waitFor(timeout: timeout) { !$0.process.isRunning }
    guard finished else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    process.waitUntilExit()
    readAvailable()
    return start.duration(to: clock.now)
  }

  /// The terminal's settings now.
  var settings: termios {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings
  }

  /// Whether the terminal echoes and reads lines again, as before the program started.
  var isRestored: Bool {
    let now = settings
    let flags = tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    return now.c_lflag & flags == initialSettings.c_lflag & flags
      && now.c_iflag & tcflag_t(IXON | ICRNL) == initialSettings.c_iflag & tcflag_t(IXON | ICRNL)
  }

  /// Whether the last screen sequence written leaves the alternate screen with the cursor shown.
  var leftTheScreen: Bool {
    let text = self.text
    guard let leave = text.range(of: "\u{1B}[?1049l", options: .backwards) else { return false }
    let enter = text.range(of: "\u{1B}[?1049h", options: .backwards)
    let show = text.range(of: "\u{1B}[?25h", options: .backwards)
    return enter.map { $0.lowerBound < leave.lowerBound } ?? true
      && show.map { $0.lowerBound < leave.lowerBound } ?? false
  }

  /// The resident memory of the program, in bytes, from `/proc` (Linux only), or `nil` when it
  /// cannot be read.
  var residentBytes: Int? {
    #if os(Linux)
      guard
        let status = try? String(
          contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
      else { return nil }
      return kilobytes * 1024
    #else
      return nil
    #endif
  }
}

enum ScreenChildError: Error {
  case noTerminal
  case noExecutable
}

private func requireExecutable() throws -> URL {
  guard let executable = ScreenChild.executable else { throw ScreenChildError.noExecutable }
  return executable
}

/// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname`, which Glibc's module map hides (they need
/// `_XOPEN_SOURCE`): looked up at run time, in every loaded image (`System.symbol`: on macOS
/// `dlsym(NULL, …)` would not search the C library).
private enum PseudoTerminal {
  static let open = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
  static let grant = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
  static let unlock = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
  static let name = function(
    "ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)

  private static func function<F>(_ name: String, as type: F.Type) -> F {
    guard let function = System.symbol(named: name, as: type) else {
      preconditionFailure("no \(name) in the C library")
    }
    return function
  }
}
