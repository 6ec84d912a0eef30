#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The few file operations file storage needs, on disk or in memory.
protocol FileSystem: Sendable {
  func read(_ url: URL) -> Data?
  /// Writes atomically: a reader sees the old file or the new one, never part of it.
  func write(_ data: Data, to url: URL) throws
  func remove(_ url: URL) throws
  /// What tells one state of the file from the next, or `nil` when there is none.
  func version(_ url: URL) -> FileVersion?
  /// Starts telling `onChange` when the file changes outside this storage's own saves, until the
  /// watch is cancelled; `nil` where nothing can be watched (reads then notice changes).
  /// `isCertain` is `false` when only the file's directory is known to have changed.
  func watch(_ url: URL, onChange: @escaping @Sendable (_ isCertain: Bool) -> Void) -> FileWatch?
}

/// One state of a file: its modification date, and what changes when it is replaced (its file
/// number) or rewritten in the same tick of the system's clock (its size).
struct FileVersion: Equatable, Sendable {
  var date: Date?
  var fileNumber: UInt64?
  var size: Int?
}

/// The real file system.
struct DiskFileSystem: FileSystem {
  func read(_ url: URL) -> Data? {
    try? Data(contentsOf: url)
  }

  func write(_ data: Data, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    // `.atomic` writes a temporary file beside it and renames it over the old one.
    try data.write(to: url, options: .atomic)
    // The directory may be new: watched from now on.
    FileWatcher.shared?.retry(url)
  }

  func remove(_ url: URL) throws {
    try FileManager.default.removeItem(at: url)
  }

  func version(_ url: URL) -> FileVersion? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
      return nil
    }
    return FileVersion(
      date: attributes[.modificationDate] as? Date,
      fileNumber: (attributes[.systemFileNumber] as? any BinaryInteger)
        .map { UInt64(truncatingIfNeeded: $0) },
      size: (attributes[.size] as? any BinaryInteger).map { Int(truncatingIfNeeded: $0) })
  }

  func watch(_ url: URL, onChange: @escaping @Sendable (Bool) -> Void) -> FileWatch? {
    FileWatcher.shared?.watch(url, onChange: onChange)
  }
}

/// Files in memory. Each write gets a later "modification date" (a counter), so a change is
/// always seen as one, however fast it follows the last. A change made as another program would
/// (``FileStorage/setContents(_:of:)``) is told to the file's watchers at once, on the thread
/// that made it.
final class MemoryFileSystem: FileSystem {
  private struct File {
    var data: Data
    var version: Int
  }

  private let files: LockIsolated<(files: [URL: File], version: Int)>
  private let watchers = LockIsolated<
    (next: UInt64, all: [URL: [UInt64: @Sendable (Bool) -> Void]])
  >((0, [:]))

  init(files: [URL: Data]) {
    self.files = LockIsolated(
      (files.mapValues { File(data: $0, version: 0) }, 0))
  }

  func watch(_ url: URL, onChange: @escaping @Sendable (Bool) -> Void) -> FileWatch? {
    let id = watchers.withLock { watchers in
      defer { watchers.next += 1 }
      watchers.all[url, default: [:]][watchers.next] = onChange
      return watchers.next
    }
    return FileWatch(stopsWhenReleased: true) { [weak self] in
      self?.watchers.withLock { watchers in
        watchers.all[url]?[id] = nil
        if watchers.all[url]?.isEmpty == true { watchers.all[url] = nil }
      }
    }
  }

  /// Tells the watchers of `url` that it changed, with no lock held.
  func tellWatchers(of url: URL) {
    for onChange in watchers.withLock({ $0.all[url].map { Array($0.values) } ?? [] }) {
      onChange(true)
    }
  }

  func read(_ url: URL) -> Data? {
    files.withLock { $0.files[url]?.data }
  }

  func write(_ data: Data, to url: URL) throws {
    files.withLock {
      $0.version += 1
      $0.files[url] = File(data: data, version: $0.version)
    }
  }

  func remove(_ url: URL) throws {
    files.withLock { _ = $0.files.removeValue(forKey: url) }
  }

  func version(_ url: URL) -> FileVersion? {
    files.withLock { state in
      state.files[url].map {
        FileVersion(date: Date(timeIntervalSince1970: TimeInterval($0.version)))
      }
    }
  }
}
