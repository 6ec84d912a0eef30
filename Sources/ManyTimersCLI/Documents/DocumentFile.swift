import Foundation

/// Reads and writes `.timer` files. Every write goes to a temporary file beside the document,
/// is flushed to disk, then renamed over it: a crash leaves the old file or the new one, never a
/// mix.
enum DocumentFile {
  /// Where a file is on its device, to tell when two paths name the same file.
  struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  /// Reads the document at `path`, and removes the temporary files that killed saves left
  /// beside it (``removeStrayTemporaries(of:)``) unless `cleaningUp` is `false`.
  /// What `stat(2)` says of a file, to tell cheaply that nobody changed it since: a write in
  /// place changes its size or times, a replacement its inode.
  struct Stamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: [Int]
    var changed: [Int]
  }

  /// The stamp of the file at `path` (through links), `nil` when it cannot be read.
  static func stamp(_ path: String) -> Stamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let (modified, changed) = System.modifiedAndChanged(info)
    return Stamp(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: modified, changed: changed)
  }

  static func read(_ path: String, cleaningUp: Bool = true) throws(DocumentError) -> TimerDocument {
    guard FileManager.default.fileExists(atPath: path) else { throw .missing }
    var info = stat()
    guard stat(path, &info) == 0 else { throw .unreadable(reason(errno)) }
    // A folder or a device is no document, and opening a named pipe would wait for a writer
    // forever.
    guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable("not a regular file") }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .unreadable(reason(errno))
    }
    defer { try? handle.close() }
    let data: Data
    do {
      // One byte past the limit is enough to tell the file is too large.
      data = try handle.read(upToCount: TimerDocument.maximumSize + 1) ?? Data()
    } catch {
      throw .unreadable("\(error.localizedDescription)")
    }
    guard data.count <= TimerDocument.maximumSize else {
      // Only the start was read: say how large the whole file is.
      var info = stat()
      throw .invalid(
        TimerDocument.tooLarge(stat(path, &info) == 0 ? Int(info.st_size) : data.count))
    }
    let document = try TimerDocument.decode(data)
    if cleaningUp { removeStrayTemporaries(of: path) }
    return document
  }

  /// The file's device and inode: two paths to the same document (a link, `./`, `..`) have the
  /// same identity. `nil` when it cannot be read.
  static func identity(_ path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// Replaces the document at `path` atomically. When `path` is a symbolic link, the file it
  /// points to is replaced and the link stays a link.
  static func write(_ document: TimerDocument, to path: String) throws(DocumentError) {
    removeStrayTemporaries(of: try target(of: path))
    if let error = write([(document, path)]).errors[0] { throw error }
  }

  /// What a batch write did.
  struct BatchOutcome {
    /// Each document's error, in order; `nil`: saved.
    var errors: [DocumentError?]
    /// Files for a later batch to fill (``write(_:spares:keepingReplaced:isInterrupted:)``),
    /// by document path: the temporaries it made or was given but did not rename (an
    /// interrupted batch keeps those it filled, so the save that follows creates no file), and
    /// the files its renames replaced for the documents of `keepingReplaced`.
    var spares: [String: String]
  }

  /// Replaces several documents, each atomically, and says for each what went wrong (`nil`:
  /// saved).
  ///
  /// Each is written to a temporary file beside it; the temporaries are flushed to disk
  /// together (one `syncfs(2)` per file system where there is more than one, an `fsync(2)`
  /// otherwise), renamed over their documents, and each folder is flushed once. Saving 2,000
  /// documents costs one flush of their file system, not 4,000, and no folder is scanned.
  /// Files are created and renamed on several threads at once: freeing a replaced file's
  /// blocks waits milliseconds on some disks (mounted with `discard`), and those waits overlap
  /// instead of adding up. A replaced file is linked under a temporary name before its rename
  /// and removed after all of them (unless kept, below), so that no rename frees a file.
  ///
  /// `spares` are files made ahead for this, by document path (``makeSpares(for:isInterrupted:)``,
  /// or an earlier batch's `BatchOutcome.spares`): a document with one is written into it
  /// instead of a new file. Creating a file is most of a save's cost on some disks (0.4–0.5 ms
  /// each on this project's machines, where filling one takes 40 µs and linking one 10 µs).
  /// For a document of `keepingReplaced` (by path), the file it replaces is kept as its next
  /// spare: linked under a temporary name before the rename, it leaves the document with the
  /// rename and is then no document's. The screen's saves, every two seconds, so create no file
  /// after the first, and quitting with 2,000 changed documents fills and renames them. Name
  /// only documents whose file is still the one this process wrote, untouched since (its
  /// `stat` unchanged): a file another program wrote may still be open in it, and a spare must
  /// be a file nobody else writes to.
  ///
  /// A spare is filled only while it is a regular file with no other name (the link count is
  /// checked): never a document, nor a file a user linked to one.
  ///
  /// While `isInterrupted` says so, no more files are filled, and if it says so before the
  /// renames, nothing is replaced: every document is then `.interrupted`.
  static func write(
    _ documents: [(document: TimerDocument, path: String)],
    spares: [String: String] = [:],
    keepingReplaced: Set<String> = [],
    isInterrupted: @escaping @Sendable () -> Bool = { false }
  ) -> BatchOutcome {
    let count = documents.count
    let errors = Slots<DocumentError>(count)
    let written = Slots<(temporary: String, target: String)>(count)
    // Each document's file for a later batch (`BatchOutcome.spares`).
    let kept = Slots<String>(count)
    // The replaced files not kept, removed once every rename is done.
    let dropped = Slots<String>(count)
    concurrently(count) { index in
      let (document, path) = documents[index]
      let spare = spares[path]
      guard !isInterrupted() else {
        errors[index] = .interrupted
        kept[index] = spare
        return
      }
      do throws(DocumentError) {
        let target = try target(of: path)
        var existing = stat()
        let exists = stat(target, &existing) == 0
        // The rename below needs only the folder to be writable: a read-only document would be
        // replaced without a word. Its permissions say it must not change.
        if exists, !isWritable(existing, target) { throw .readOnly }
        let mode = exists ? existing.st_mode & 0o7777 : 0o644
        let temporary = try writeTemporary(
          document.encoded(), beside: target, mode: mode, flush: count == 1, into: spare)
        written[index] = (temporary, target)
      } catch {
        errors[index] = error
        kept[index] = spare
      }
    }
    if count > 1 {
      let temporaries = (0..<count).compactMap { index in written[index].map { (index, $0) } }
      for (position, failure) in flush(temporaries.map(\.1.temporary)) {
        errors[temporaries[position].0] = .cannotSave(reason(failure))
      }
    }
    if isInterrupted() {
      for index in 0..<count where errors[index] == nil { errors[index] = .interrupted }
    }
    concurrently(count) { index in
      guard let (temporary, target) = written[index] else { return }
      if errors[index] == .interrupted {
        // Filled, but older than what the next save writes: that save fills it again.
        kept[index] = temporary
        return
      }
      guard errors[index] == nil else {
        unlink(temporary)
        return
      }
      // The replaced file gets a second name first, so that the rename does not free it: freed
      // by a rename, 2,000 files took 0.35-0.55 s here, renamed then unlinked 0.16 s. Until the
      // rename this name is the document's; a kept one is filled only once the document has
      // left it (its link count is 1 again).
      let replaced = linkTemporary(to: target)
      guard rename(temporary, target) == 0 else {
        errors[index] = .cannotSave(reason(errno))
        unlink(temporary)
        if let replaced { unlink(replaced) }
        return
      }
      if keepingReplaced.contains(documents[index].path) {
        kept[index] = replaced
      } else {
        dropped[index] = replaced
      }
    }
    concurrently(count) { index in
      if let replaced = dropped[index] { unlink(replaced) }
    }
    var folders: Set<String> = []
    var spares: [String: String] = [:]
    for index in 0..<count {
      if errors[index] == nil, let (_, target) = written[index] {
        folders.insert(split(target).folder)
      }
      if let spare = kept[index] { spares[documents[index].path] = spare }
    }
    for folder in folders { syncFolder(folder) }
    return BatchOutcome(errors: (0..<count).map { errors[$0] }, spares: spares)
  }

  /// Makes an empty temporary file beside each document, for a later
  /// ``write(_:spares:keepingReplaced:isInterrupted:)`` to fill, by document path. Stops when
  /// `isInterrupted` says so; a document whose folder cannot take a file gets none (its save
  /// says why).
  static func makeSpares(
    for paths: [String], isInterrupted: @escaping @Sendable () -> Bool = { false }
  ) -> [String: String] {
    let spares = Slots<String>(paths.count)
    concurrently(paths.count) { index in
      guard !isInterrupted(), let target = try? target(of: paths[index]) else { return }
      var existing = stat()
      let mode = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
      guard let (temporary, descriptor) = try? createTemporary(beside: target, mode: mode) else {
        return
      }
      close(descriptor)
      spares[index] = temporary
    }
    var made: [String: String] = [:]
    for (index, path) in paths.enumerated() {
      if let spare = spares[index] { made[path] = spare }
    }
    return made
  }

  /// Removes spare temporary files (``makeSpares(for:isInterrupted:)``) no save will fill.
  static func removeSpares(_ spares: some Collection<String>) {
    let list = Array(spares)
    concurrently(list.count) { index in unlink(list[index]) }
  }

  /// Runs `body` for each of `0..<count`, on up to 8 threads at once for large counts.
  private static func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let threads = min(8, count / 32)
    guard threads > 1 else {
      for index in 0..<count { body(index) }
      return
    }
    let group = DispatchGroup()
    for first in 0..<threads {
      group.enter()
      Thread {
        for index in stride(from: first, to: count, by: threads) { body(index) }
        group.leave()
      }.start()
    }
    group.wait()
  }

  /// Flushes the files to disk: each file system once with `syncfs` (Linux), or each file with
  /// `System.flushToDisk` (`fsync`; `F_FULLFSYNC` on macOS) where there is no `syncfs`. Returns
  /// the files that failed, by position, with `errno`.
  private static func flush(_ paths: [String]) -> [(Int, Int32)] {
    var failures: [(Int, Int32)] = []
    var flushedDevices: Set<UInt64> = []
    for (index, path) in paths.enumerated() {
      var info = stat()
      let device = stat(path, &info) == 0 ? UInt64(info.st_dev) : nil
      let syncFileSystem = System.syncFileSystem
      if syncFileSystem != nil, let device, flushedDevices.contains(device) { continue }
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        failures.append((index, errno))
        continue
      }
      defer { close(descriptor) }
      if let syncFileSystem, let device, syncFileSystem(descriptor) == 0 {
        flushedDevices.insert(device)
        continue
      }
      let failure = System.flushToDisk(descriptor)
      if failure != 0 { failures.append((index, failure)) }
    }
    return failures
  }

  /// Creates a document at `path`, refusing to replace an existing file, atomically.
  static func create(_ document: TimerDocument, at path: String) throws(DocumentError) {
    if FileManager.default.fileExists(atPath: path) { throw .exists }
    let temporary = try writeTemporary(document.encoded(), beside: path)
    defer { unlink(temporary) }
    // `link` fails if the name is taken, even by a file created a moment ago.
    guard link(temporary, path) == 0 else {
      throw errno == EEXIST ? .exists : .cannotSave(reason(errno))
    }
    syncDirectory(of: path)
  }

  /// The file a path names in the end: itself, or what its symbolic links lead to. Saving
  /// renames a new file over this one, so the link keeps pointing to the document.
  static func target(of path: String) throws(DocumentError) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
    guard let resolved = realpath(path, nil) else {
      throw .cannotSave("the link leads nowhere (\(reason(errno)))")
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Removes the temporary files that saves of the document at `path` left behind when their
  /// process was killed: `.NAME.PID.RANDOM.tmp`, whose PID no longer runs. A save still running
  /// in another process keeps its file.
  static func removeStrayTemporaries(of path: String) {
    removeStrayTemporaries(of: [path])
  }

  /// The same for several documents, reading each folder once (opening 2,000 documents of one
  /// folder reads it once, not 2,000 times).
  static func removeStrayTemporaries(of paths: [String]) {
    var byFolder: [String: Set<String>] = [:]
    for path in paths {
      let url = URL(fileURLWithPath: path)
      byFolder[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
    }
    for (folder, documents) in byFolder {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
        continue
      }
      for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
        // `.NAME.PID.RANDOM.tmp`: the document's name, then two numbers.
        let parts = name.dropFirst().dropLast(".tmp".count).split(
          separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, documents.contains(parts.dropLast(2).joined(separator: ".")),
          let pid = pid_t(parts[parts.count - 2]), pid > 0, UInt32(parts[parts.count - 1]) != nil,
          pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
        else { continue }
        unlink(folder + "/" + name)
      }
    }
  }

  /// Whether the permissions of the file at `path` let this process write it. The superuser
  /// may write anything, so for it the file counts as read-only when no one may write it.
  private static func isWritable(_ info: stat, _ path: String) -> Bool {
    guard geteuid() != 0 else { return info.st_mode & 0o222 != 0 }
    return access(path, W_OK) == 0
  }

  /// Flushes the folder's entry for the renamed file, so the new name survives a power cut.
  private static func syncDirectory(of path: String) {
    syncFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }

  private static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY)
    guard descriptor >= 0 else { return }
    _ = System.flushToDisk(descriptor)
    close(descriptor)
  }

  /// Writes `data` to a temporary file beside `path`, flushed to disk unless `flush` is
  /// `false` (the caller flushes a batch at once): into `spare` when it is an empty file made
  /// ahead beside `path` that can still be opened, into a new file otherwise.
  private static func writeTemporary(
    _ data: Data, beside path: String, mode: mode_t = 0o644, flush: Bool = true,
    into spare: String? = nil
  ) throws(DocumentError) -> String {
    var (temporary, descriptor) = (spare ?? "", Int32(-1))
    if let spare {
      descriptor = openSpare(spare, beside: path)
      if descriptor < 0 { unlink(spare) }
    }
    if descriptor < 0 { (temporary, descriptor) = try createTemporary(beside: path, mode: mode) }
    fchmod(descriptor, mode)
    var failure: Int32 = 0
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = System.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure == 0, flush { failure = System.flushToDisk(descriptor) }
    close(descriptor)
    guard failure == 0 else {
      unlink(temporary)
      throw .cannotSave(reason(failure))
    }
    return temporary
  }

  /// A new name for a temporary file beside `path`: `.NAME.PID.RANDOM.tmp`, which
  /// ``removeStrayTemporaries(of:)`` knows.
  private static func temporaryName(beside path: String) -> String {
    let (folder, name) = split(path)
    return folder + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
  }

  /// Gives the file at `path` a second, temporary name, returned; `nil` where the file system
  /// has no hard links.
  private static func linkTemporary(to path: String) -> String? {
    let temporary = temporaryName(beside: path)
    return link(path, temporary) == 0 ? temporary : nil
  }

  /// Creates a new, empty temporary file beside `path`, open for writing.
  private static func createTemporary(
    beside path: String, mode: mode_t
  ) throws(DocumentError) -> (path: String, descriptor: Int32) {
    let temporary = temporaryName(beside: path)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
    guard descriptor >= 0 else { throw .cannotSave(reason(errno)) }
    return (temporary, descriptor)
  }

  /// Opens a spare made ahead for `path` to be filled, emptied: `-1` unless it is still a
  /// regular file in `path`'s folder with no other name (a document whose rename failed, a
  /// file a user also linked elsewhere, a link since moved to another folder, a spare deleted
  /// or replaced by someone, is not used). Never waits: a named pipe put in its place is
  /// refused.
  private static func openSpare(_ spare: String, beside path: String) -> Int32 {
    guard split(spare).folder == split(path).folder else { return -1 }
    let descriptor = open(spare, O_WRONLY | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return -1 }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1,
      ftruncate(descriptor, 0) == 0
    else {
      close(descriptor)
      return -1
    }
    return descriptor
  }

  /// The folder and the name of a path, without Foundation's `URL` (which asks for the working
  /// folder each time): `a/b.timer` is `("a", "b.timer")`, `b.timer` is `(".", "b.timer")`.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = path[..<slash]
    return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
  }

  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}

/// One value per index, written from several threads, each index by one thread only.
private final class Slots<Value>: @unchecked Sendable {
  // `@unchecked`: every index is written by one thread, and read after they all finished.
  private let values: UnsafeMutablePointer<Value?>
  private let count: Int

  init(_ count: Int) {
    self.count = count
    values = .allocate(capacity: max(1, count))
    values.initialize(repeating: nil, count: count)
  }

  deinit {
    values.deinitialize(count: count)
    values.deallocate()
  }

  subscript(index: Int) -> Value? {
    get { values[index] }
    set { values[index] = newValue }
  }
}
