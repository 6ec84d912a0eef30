@_spi(Contexts) import EffectCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The process's one watcher of the files `.fileStorage` keys hold on disk: it tells each
/// watched file's handler when another program (or another storage of this process) wrote,
/// replaced, deleted or moved the file, with no access to the value needed.
///
/// What it costs, however many files: one descriptor of the system's ``FileEventSource`` and one
/// thread, made at the first watch and kept for the process, which sleeps until the system
/// reports a change. Each directory that holds watched files is one watch of it (not a
/// descriptor, on Linux); on Darwin, whose directory events name no file, each watched file is
/// also watched itself for its own writes, up to ``fileWatchLimit`` descriptors.
///
/// A burst of changes is one call of each handler concerned: a change is told once the file has
/// been quiet for ``quietPeriod`` (and closed, if it was being written), or ``longestDelay``
/// after the burst began, whichever comes first.
final class FileWatcher: Sendable {
  /// The process's watcher; `nil` where the system has no file events (then reads notice
  /// changes on disk).
  static let shared: FileWatcher? = FileEventSource.make().map(FileWatcher.init)

  /// How long a file must be quiet before a change is told.
  static let quietPeriod: Duration = .milliseconds(30)
  /// How long a change waits at most, however long the burst (or the file stays open).
  static let longestDelay: Duration = .milliseconds(300)
  /// How many files Darwin watches one by one, each with a descriptor.
  static let fileWatchLimit = 256

  /// A file to tell, by its directory and name.
  private struct Handler {
    let directory: String
    let name: String
    let onChange: @Sendable (_ isCertain: Bool) -> Void
    /// The file's own watch (Darwin), if it has one.
    var fileWatch: Int32?
  }

  /// A watched directory.
  private struct Directory {
    /// `nil` while it cannot be watched (it does not exist yet): the next save retries.
    var watch: Int32?
    /// The handlers of the files watched in it, by file name.
    var handlers: [String: Set<UInt64>] = [:]
  }

  /// A change not told yet.
  private struct Pending {
    var first: ContinuousClock.Instant
    var last: ContinuousClock.Instant
    /// Written and not closed yet: the writer may not be done.
    var isOpen: Bool
    /// Named by the system (or the file's own watch): the file changed. Otherwise its
    /// directory did, and the file may not have.
    var isCertain: Bool
  }

  private struct State {
    var handlers: [UInt64: Handler] = [:]
    var nextHandler: UInt64 = 0
    var directories: [String: Directory] = [:]
    /// What each watch is: a directory, or (Darwin) one handler's file.
    var watches: [Int32: WatchTarget] = [:]
    /// The changes not told yet, by handler.
    var pending: [UInt64: Pending] = [:]
    var fileWatchCount = 0
    var isRunning = false

    /// Notes that `watch` watches the directory at `path`.
    mutating func add(_ path: String, to watch: Int32) {
      if case .directories(var paths)? = watches[watch] {
        paths.insert(path)
        watches[watch] = .directories(paths)
      } else {
        watches[watch] = .directories([path])
      }
    }

    /// Notes that `watch` no longer watches the directory at `path`.
    ///
    /// - Returns: Whether no path is left to it: the system's watch can be stopped.
    mutating func remove(_ path: String, from watch: Int32) -> Bool {
      guard case .directories(var paths)? = watches[watch] else { return true }
      paths.remove(path)
      watches[watch] = paths.isEmpty ? nil : .directories(paths)
      return paths.isEmpty
    }
  }

  private enum WatchTarget {
    /// Directories, by path: one, unless two paths name one directory (a link), which inotify
    /// watches once.
    case directories(Set<String>)
    case file(UInt64)
  }

  private let source: FileEventSource
  private let state = LockIsolated(State())
  private let clock = ContinuousClock()

  private init(source: FileEventSource) {
    self.source = source
  }

  /// Starts telling `onChange` about changes of the file at `url`, until the returned watch is
  /// cancelled. `onChange` runs on the watcher's thread; `isCertain` is `false` when only the
  /// file's directory is known to have changed.
  func watch(_ url: URL, onChange: @escaping @Sendable (_ isCertain: Bool) -> Void) -> FileWatch {
    let directory = url.deletingLastPathComponent().path
    let name = url.lastPathComponent
    let (id, startsThread) = state.withLock { state -> (UInt64, Bool) in
      let id = state.nextHandler
      state.nextHandler += 1
      var handler = Handler(directory: directory, name: name, onChange: onChange)
      if !source.namesEntries, state.fileWatchCount < Self.fileWatchLimit,
        let watch = source.watch(url.path)
      {
        handler.fileWatch = watch
        state.fileWatchCount += 1
        state.watches[watch] = .file(id)
      }
      state.handlers[id] = handler
      var entry = state.directories[directory] ?? Directory()
      entry.handlers[name, default: []].insert(id)
      if entry.watch == nil, let watch = source.watch(directory) {
        entry.watch = watch
        state.add(directory, to: watch)
      }
      state.directories[directory] = entry
      defer { state.isRunning = true }
      return (id, !state.isRunning)
    }
    if startsThread { OperatingSystem.startThread { [self] in run() } }
    return FileWatch(stopsWhenReleased: true) { [weak self] in self?.unwatch(id) }
  }

  /// Watches the directory of `url` if it could not be before (it did not exist): called after
  /// a save, which makes it. A change made before is not told.
  func retry(_ url: URL) {
    let directory = url.deletingLastPathComponent().path
    state.withLock { state in
      guard var entry = state.directories[directory], entry.watch == nil else { return }
      guard let watch = source.watch(directory) else { return }
      entry.watch = watch
      state.add(directory, to: watch)
      state.directories[directory] = entry
    }
  }

  private func unwatch(_ id: UInt64) {
    state.withLock { state in
      guard let handler = state.handlers.removeValue(forKey: id) else { return }
      state.pending[id] = nil
      if let watch = handler.fileWatch {
        source.unwatch(watch)
        state.watches[watch] = nil
        state.fileWatchCount -= 1
      }
      guard var entry = state.directories[handler.directory] else { return }
      entry.handlers[handler.name]?.remove(id)
      if entry.handlers[handler.name]?.isEmpty == true { entry.handlers[handler.name] = nil }
      if entry.handlers.isEmpty {
        if let watch = entry.watch, state.remove(handler.directory, from: watch) {
          source.unwatch(watch)
        }
        state.directories[handler.directory] = nil
      } else {
        state.directories[handler.directory] = entry
      }
    }
  }

  /// The thread's loop: waits for events (or for the next pending change to be due), notes
  /// them, and tells the changes that are due.
  private func run() {
    while true {
      let events = source.wait(milliseconds: nextWait())
      let now = clock.now
      state.withLock { state in
        for event in events { note(event, at: now, in: &state) }
      }
      for (onChange, isCertain) in takeDue(at: now) { onChange(isCertain) }
    }
  }

  /// How long to wait for events: until the next pending change is due, or for good.
  private func nextWait() -> Int32 {
    state.withLock { state in
      guard let due = state.pending.values.map(dueTime).min() else { return -1 }
      let (seconds, attoseconds) = clock.now.duration(to: due).components
      let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
      return Int32(clamping: max(milliseconds, 0) + 1)
    }
  }

  private func dueTime(_ pending: Pending) -> ContinuousClock.Instant {
    let quiet = pending.last.advanced(by: Self.quietPeriod)
    let latest = pending.first.advanced(by: Self.longestDelay)
    return pending.isOpen ? latest : min(quiet, latest)
  }

  private func note(
    _ event: FileEventSource.Event, at now: ContinuousClock.Instant, in state: inout State
  ) {
    switch event.kind {
    case .overflow:
      for id in state.handlers.keys {
        mark(id, isCertain: true, isOpen: false, at: now, in: &state)
      }
      return
    case .ended:
      guard let target = state.watches.removeValue(forKey: event.watch) else { return }
      switch target {
      case .directories(let paths):
        // The directory went away, and its files with it: each is told, and the directory is
        // watched again once a save makes it.
        source.unwatch(event.watch)
        for path in paths {
          state.directories[path]?.watch = nil
          for id in state.directories[path].map({ Array($0.handlers.values.joined()) }) ?? [] {
            mark(id, isCertain: true, isOpen: false, at: now, in: &state)
          }
        }
      case .file(let id):
        // The file was deleted or replaced: its watch followed the old one. The directory's
        // event tells the change; the new file is watched when it is told.
        source.unwatch(event.watch)
        state.handlers[id]?.fileWatch = nil
        state.fileWatchCount -= 1
        mark(id, isCertain: true, isOpen: false, at: now, in: &state)
      }
      return
    case .written, .closed, .replaced:
      break
    }
    switch state.watches[event.watch] {
    case .directories(let paths)?:
      for path in paths {
        guard let entry = state.directories[path] else { continue }
        if let name = event.name {
          for id in entry.handlers[name] ?? [] {
            mark(id, isCertain: true, isOpen: event.kind == .written, at: now, in: &state)
          }
        } else {
          for id in entry.handlers.values.joined() {
            mark(id, isCertain: false, isOpen: false, at: now, in: &state)
          }
        }
      }
    case .file(let id)?:
      mark(id, isCertain: true, isOpen: false, at: now, in: &state)
    case nil:
      break
    }
  }

  private func mark(
    _ id: UInt64, isCertain: Bool, isOpen: Bool, at now: ContinuousClock.Instant,
    in state: inout State
  ) {
    guard state.handlers[id] != nil else { return }
    var pending =
      state.pending[id] ?? Pending(first: now, last: now, isOpen: false, isCertain: false)
    pending.last = now
    pending.isOpen = isOpen
    pending.isCertain = pending.isCertain || isCertain
    state.pending[id] = pending
  }

  /// The handlers whose change is due, taken from the pending ones; on Darwin, files whose own
  /// watch ended are watched again (the file that replaced them).
  private func takeDue(
    at now: ContinuousClock.Instant
  ) -> [(@Sendable (Bool) -> Void, Bool)] {
    state.withLock { state in
      var due: [(@Sendable (Bool) -> Void, Bool)] = []
      for (id, pending) in state.pending where dueTime(pending) <= now {
        state.pending[id] = nil
        guard var handler = state.handlers[id] else { continue }
        if !source.namesEntries, handler.fileWatch == nil,
          state.fileWatchCount < Self.fileWatchLimit,
          let watch = source.watch(handler.directory + "/" + handler.name)
        {
          handler.fileWatch = watch
          state.fileWatchCount += 1
          state.watches[watch] = .file(id)
          state.handlers[id] = handler
        }
        due.append((handler.onChange, pending.isCertain))
      }
      return due
    }
  }
}

/// Stops a ``FileWatcher`` (or an in-memory file system's) watch: when cancelled, or when
/// released (made with `stopsWhenReleased`).
typealias FileWatch = StopOnce
