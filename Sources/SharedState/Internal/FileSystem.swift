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
  /// When the file last changed, or `nil` when there is none.
  func modificationDate(_ url: URL) -> Date?
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
  }

  func remove(_ url: URL) throws {
    try FileManager.default.removeItem(at: url)
  }

  func modificationDate(_ url: URL) -> Date? {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return attributes?[.modificationDate] as? Date
  }
}

/// Files in memory. Each write gets a later "modification date" (a counter), so a change is
/// always seen as one, however fast it follows the last.
final class MemoryFileSystem: FileSystem {
  private struct File {
    var data: Data
    var version: Int
  }

  private let files: LockIsolated<(files: [URL: File], version: Int)>

  init(files: [URL: Data]) {
    self.files = LockIsolated(
      (files.mapValues { File(data: $0, version: 0) }, 0))
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

  func modificationDate(_ url: URL) -> Date? {
    files.withLock { state in
      state.files[url].map { Date(timeIntervalSince1970: TimeInterval($0.version)) }
    }
  }
}
