// Watching files for changes other programs make: the operating system's own notification
// mechanism, one descriptor for the whole process, waited on by one thread. SharedState's file
// storage builds on it (its `FileWatcher`); nothing else here knows about shared values.
//
// - Linux (glibc, musl), Android (Bionic): inotify. One watch per directory reports every entry
//   of it by name (written, closed after writing, created, deleted, moved in or out), and a
//   watch is not a descriptor: the process holds one inotify descriptor however many
//   directories it watches.
// - Darwin: kqueue. A vnode event says that a directory's entries changed (a file created,
//   deleted, renamed in or out: an atomic replace) without naming one, and that a file was
//   written, but only for a file opened for it: each watch holds a descriptor (`O_EVTONLY`, which
//   does not keep a volume from being unmounted).
// - Windows: no watching here (`FileEventSource.make()` is `nil`); file storage then notices a
//   change on disk when the value is next read (README, "Platforms").

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#elseif canImport(Android)
  import Android
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import ucrt
  import WinSDK
#endif

/// The changes the operating system reports in the directories (and files) watched, one
/// descriptor for all of them.
///
/// Not thread-safe on its own: its user serialises `watch`, `unwatch` and `wait` (SharedState's
/// watcher calls them with a lock of its own held, except `wait`, which only its one thread
/// calls; the system's calls themselves may run concurrently).
package final class FileEventSource: @unchecked Sendable {
  /// One change reported.
  package struct Event: Sendable, Equatable {
    /// The watch it concerns, as ``watch(_:)`` returned it.
    package let watch: Int32
    /// The entry of the watched directory that changed, where the system names it (inotify);
    /// `nil` for a change of the watched directory's entries that the system does not name
    /// (kqueue), or of a watched file itself.
    package let name: String?
    /// What happened.
    package let kind: Kind
  }

  /// What an ``Event`` reports.
  package enum Kind: Sendable, Equatable {
    /// The entry was written (or truncated) and may still be open for writing.
    case written
    /// The entry, open for writing, was closed: a write is complete.
    case closed
    /// The entry appeared, removed, moved in or out, or the watched directory's entries changed
    /// in a way the system does not detail.
    case replaced
    /// The watch ended: the watched directory (or file) was deleted or moved, and the watch is
    /// gone.
    case ended
    /// The system dropped events (its queue overflowed): anything watched may have changed.
    case overflow
  }

  /// Whether events name the entry of a directory that changed (inotify), so that a change of
  /// one file is told to that file only; otherwise (kqueue) a directory's change is told to all
  /// its files, and a file's own writes are seen only through a watch of the file.
  package let namesEntries: Bool

  #if os(Windows)
    private init() { namesEntries = false }
  #else
    private let descriptor: Int32

    private init(descriptor: Int32, namesEntries: Bool) {
      self.descriptor = descriptor
      self.namesEntries = namesEntries
    }
  #endif

  /// The process's source of file events, or `nil` where the system offers none (Windows here)
  /// or refuses one (the limit of inotify instances reached).
  package static func make() -> FileEventSource? {
    #if os(Windows)
      return nil
    #elseif canImport(Darwin)
      let queue = kqueue()
      guard queue >= 0 else { return nil }
      _ = fcntl(queue, F_SETFD, FD_CLOEXEC)
      return FileEventSource(descriptor: queue, namesEntries: false)
    #else
      let inotify = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
      guard inotify >= 0 else { return nil }
      return FileEventSource(descriptor: inotify, namesEntries: true)
    #endif
  }

  /// Starts watching `path`, a directory (for its entries) or, on Darwin, a file (for its own
  /// writes).
  ///
  /// - Returns: The watch, which events name, or `nil` when there is nothing to watch there (no
  ///   such directory yet) or the system refuses (out of watches or descriptors).
  package func watch(_ path: String) -> Int32? {
    #if os(Windows)
      return nil
    #elseif canImport(Darwin)
      let file = open(path, O_EVTONLY | O_CLOEXEC)
      guard file >= 0 else { return nil }
      var change = kevent(
        ident: UInt(file), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
        fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE),
        data: 0, udata: nil)
      guard kevent(descriptor, &change, 1, nil, 0, nil) == 0 else {
        close(file)
        return nil
      }
      return file
    #else
      let mask =
        UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
        | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF)
        | UInt32(IN_MOVE_SELF)
      let watch = inotify_add_watch(descriptor, path, mask)
      return watch >= 0 ? watch : nil
    #endif
  }

  /// Stops a watch ``watch(_:)`` returned. A watch the system already ended (an ``Kind/ended``
  /// event) is not stopped again.
  package func unwatch(_ watch: Int32) {
    #if os(Windows)
      return
    #elseif canImport(Darwin)
      // Closing the file removes its events from the queue.
      close(watch)
    #else
      _ = inotify_rm_watch(descriptor, watch)
    #endif
  }

  /// Waits for changes, at most `milliseconds` (`-1`: until there is one).
  ///
  /// - Returns: The changes reported, in order; none when the wait ended without any.
  package func wait(milliseconds: Int32) -> [Event] {
    #if os(Windows)
      return []
    #elseif canImport(Darwin)
      var received = [kevent](repeating: kevent(), count: 64)
      var timeout = timespec(
        tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
      let count = received.withUnsafeMutableBufferPointer { buffer in
        withUnsafePointer(to: &timeout) { timeout in
          kevent(
            descriptor, nil, 0, buffer.baseAddress, Int32(buffer.count),
            milliseconds < 0 ? nil : timeout)
        }
      }
      guard count > 0 else { return [] }
      return received.prefix(Int(count)).map { event in
        // A directory's write is a change of its entries, a file's its contents: which one the
        // watch is, its user knows.
        let gone = Int32(bitPattern: event.fflags) & (NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE) != 0
        let kind: Kind = gone ? .ended : .replaced
        return Event(watch: Int32(truncatingIfNeeded: event.ident), name: nil, kind: kind)
      }
    #else
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, milliseconds) > 0 else { return [] }
      return readInotifyEvents()
    #endif
  }

  #if !os(Windows) && !canImport(Darwin)
    /// Reads every inotify event queued (the descriptor does not block), as the kernel lays them
    /// out: a watch (`Int32`), a mask, a cookie and a name length (`UInt32` each), then the
    /// name, padded with zeros to the length.
    private func readInotifyEvents() -> [Event] {
      var events: [Event] = []
      let capacity = 64 * 1024
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      defer { buffer.deallocate() }
      while true {
        let count = read(descriptor, buffer, capacity)
        guard count > 0 else { return events }
        var offset = 0
        while offset + 16 <= count {
          let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
          let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          let name: String? =
            length == 0
            ? nil
            : String(
              decoding: UnsafeRawBufferPointer(start: buffer + offset + 16, count: length)
                .prefix { $0 != 0 }, as: UTF8.self)
          offset += 16 + length
          let kind: Kind
          if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            kind = .overflow
          } else if mask & (UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF))
            != 0
          {
            kind = .ended
          } else if mask & UInt32(IN_CLOSE_WRITE) != 0 {
            kind = .closed
          } else if mask & UInt32(IN_MODIFY) != 0 {
            kind = .written
          } else {
            kind = .replaced
          }
          events.append(Event(watch: watch, name: name, kind: kind))
        }
      }
    }
  #endif
}

extension OperatingSystem {
  /// Runs `body` on a thread of its own, detached: nobody waits for it to end.
  package static func startThread(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if os(Windows)
      let handle = CreateThread(
        nil, 0,
        { context in
          Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
          return 0
        }, context, 0, nil)
      if let handle { CloseHandle(handle) }
    #elseif canImport(Darwin)
      var thread: pthread_t?
      let started = pthread_create(
        &thread, nil,
        { context in
          Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
          return nil
        }, context)
      if started == 0, let thread {
        pthread_detach(thread)
      } else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
      }
    #else
      var thread = pthread_t()
      let started = pthread_create(
        &thread, nil,
        { context in
          Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
          return nil
        }, context)
      if started == 0 {
        pthread_detach(thread)
      } else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
      }
    #endif
  }
}

/// A thread's body, handed to the system as a pointer.
private final class ThreadBody: Sendable {
  let body: @Sendable () -> Void

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }
}
