// The one place many-timers reaches the operating system. Its C library is imported here, for the
// whole module (`@_exported`): the other files make their POSIX calls (files, the terminal,
// signals) without an `#if` ladder of their own, and what differs between the platforms is
// decided below, once. `.ci/platform-lint` fails on a platform import anywhere else in it.
//
// many-timers is a terminal program for POSIX systems: Linux (glibc, or musl in the static SDK)
// and macOS. The libraries it demonstrates build on Windows too; it does not (no termios).

import EffectCore
import Foundation

#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#else
  #error("many-timers needs a POSIX terminal: Linux or macOS")
#endif

/// What differs between the systems many-timers runs on.
enum System {
  /// `write(2)`, under a name that a type's own `write` does not hide.
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }

  /// Flushes what was written to a file to the disk itself.
  ///
  /// On macOS `fsync` only hands the data to the drive, whose cache may still lose it in a power
  /// cut; `fcntl(F_FULLFSYNC)` asks the drive to write it through (Apple's `fsync(2)` page). A
  /// file system that cannot (some network and FUSE ones) gets `fsync`.
  ///
  /// - Returns: 0, or the `errno` of the failure.
  static func flushToDisk(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
    #endif
    return fsync(descriptor) == 0 ? 0 : errno
  }

  /// `syncfs(2)`: flushes the whole file system of a descriptor at once (Linux). Glibc's module
  /// does not show it (it needs `_GNU_SOURCE`), so it is looked up at run time; `nil` where
  /// there is none (macOS, musl's static executables).
  static let syncFileSystem: (@convention(c) (Int32) -> Int32)? = {
    #if os(Linux)
      symbol(named: "syncfs", as: (@convention(c) (Int32) -> Int32).self)
    #else
      nil
    #endif
  }()

  /// Gives freed heap memory back to the system, where the C library can (glibc's
  /// `malloc_trim`).
  static func releaseFreeMemory() {
    typealias Trim = @convention(c) (Int) -> Int32
    #if canImport(Glibc)
      _ = symbol(named: "malloc_trim", as: Trim.self)?(0)
    #endif
  }

  /// The `getrusage` of this process.
  static func resourceUsage() -> rusage {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
  }

  /// The most memory the process has held resident, in bytes: `ru_maxrss` counts kilobytes on
  /// Linux, bytes on macOS (their `getrusage(2)` pages).
  static func peakResidentBytes() -> Int {
    let maxRSS = Int(resourceUsage().ru_maxrss)
    #if canImport(Darwin)
      return maxRSS
    #else
      return maxRSS * 1024
    #endif
  }

  /// The memory the process holds resident now (Linux's `/proc/self/statm`), or `nil` where the
  /// system does not say.
  static func currentResidentBytes() -> Int? {
    #if os(Linux)
      // Total and resident size, in pages.
      guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
      else { return nil }
      return pages * Int(getpagesize())
    #else
      return nil
    #endif
  }

  /// A function of the C library or of a library loaded in the process, looked up at run time
  /// (`OperatingSystem.symbolAddress(named:)`, EffectCore's one lookup), or `nil`.
  static func symbol<Function>(named name: String, as _: Function.Type) -> Function? {
    guard let address = OperatingSystem.symbolAddress(named: name),
      let pointer = UnsafeRawPointer(bitPattern: address)
    else { return nil }
    return unsafeBitCast(pointer, to: Function.self)
  }

  /// When a file's contents and its metadata last changed, as `[seconds, nanoseconds]`: the
  /// fields' names differ (`st_mtim` on Linux, `st_mtimespec` on macOS).
  static func modifiedAndChanged(_ info: stat) -> (modified: [Int], changed: [Int]) {
    #if canImport(Darwin)
      (
        [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)],
        [Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec)]
      )
    #else
      (
        [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)],
        [Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
      )
    #endif
  }

  /// Sets the handler of a `sigaction`, whose union has another name on each system.
  static func setHandler(
    _ handler: @escaping @convention(c) (Int32) -> Void, of action: inout sigaction
  ) {
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #elseif canImport(Musl)
      action.__sa_handler.sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
  }
}
