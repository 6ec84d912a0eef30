@_spi(Contexts) import EffectCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a ``FileStorageKey`` knows about its file: when it last loaded or saved it, the change
/// waiting to be saved, and whom to tell about changes made on disk.
final class FileState<Value: Sendable>: SharedKeyPolling {
  /// Makes the file's data from a value, and a value from it.
  struct Coding: Sendable {
    let decode: @Sendable (Data) throws -> Value
    let encode: @Sendable (Value) throws -> Data
  }

  private struct State {
    /// The file as last loaded or saved; `nil` when there was none.
    var known: FileVersion?
    /// What the file's contents were when last loaded or saved (`nil`: no file, or an empty
    /// one): a change told by the watcher is told to the subscriber only when they differ, so
    /// that this process's own saves, a rewrite of the same contents, or one change the watcher
    /// and a read both noticed are not told again.
    var knownContents: Int?
    /// The last change not saved yet: it wins over the file until it is. Not `nil` from a
    /// change until the save that writes the last change ends, so one save runs at a time.
    var pending: Value?
    /// What to resume once `pending` is written.
    var continuations: [SaveContinuation] = []
    /// Counts changes, so that a save knows whether one arrived while it wrote.
    var generation: UInt64 = 0
    /// Whether the window that follows a write is open: changes made in it wait for its end,
    /// and are written together then.
    var isThrottling = false
    /// Whether a thread is writing: it writes the changes that arrive meanwhile too, so that one
    /// write runs at a time and the file ends with the last change.
    var isWriting = false
    var subscriber: SharedSubscriber<Value>?
    /// The file system's watch of the file, while there is a subscriber.
    var watch: FileWatch?
  }

  let url: URL
  private let storage: FileStorage
  private let coding: Coding
  /// The clock the save delay runs on; `nil` saves at once.
  private let clock: (any Clock<Duration>)?
  private let state = LockIsolated(State())
  /// Held while the file is written or read to take a change: a reload never reads a file
  /// half-way through this process's save and takes the file before it for a change made
  /// elsewhere. Taken before `state`, never while user code runs. A plain lock guarding no value
  /// of its own: a `LockIsolated<Void>`'s empty value is taken by ThreadSanitizer for racing
  /// accesses (as `StripedLocks` says).
  private let fileAccess = SystemLock()

  init(url: URL, storage: FileStorage, coding: Coding, clock: (any Clock<Duration>)?) {
    self.url = url
    self.storage = storage
    self.coding = coding
    self.clock = clock
  }
  deinit {
    fileAccess.deallocate()
  }

  /// Runs `body` holding ``fileAccess``.
  private func withFileAccess<R>(_ body: () throws -> R) rethrows -> R {
    fileAccess.lock()
    defer { fileAccess.unlock() }
    return try body()
  }

  func load(continuation: LoadContinuation<Value>) {
    let fileSystem = storage.fileSystem
    let data = withFileAccess {
      let version = fileSystem.version(url)
      let data = fileSystem.read(url)
      state.withLock {
        $0.known = version
        $0.knownContents = Self.digest(data)
      }
      return data
    }
    continuation.resume(with: decode(data))
  }

  func subscribe(_ subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    state.withLock { $0.subscriber = subscriber }
    // Watched from the first subscriber on; the file system holds the watch weakly through
    // this closure, so a file nobody holds is not watched.
    let watch = storage.fileSystem.watch(url) { [weak self] isCertain in
      self?.fileChanged(isCertain: isCertain)
    }
    state.withLock { $0.watch = watch }
    return SharedSubscription { [weak self] in
      let watch = self?.state.withLock { state in
        state.subscriber = nil
        defer { state.watch = nil }
        return state.watch
      }
      watch??.cancel()
    }
  }

  /// The value in `data`: `nil` (the initial value) for no file or an empty one, an error (also
  /// reported) for one that does not decode.
  private func decode(_ data: Data?) -> Result<Value?, any Error> {
    guard let data, !data.isEmpty else { return .success(nil) }
    do {
      return .success(try coding.decode(data))
    } catch {
      RuntimeWarning.report(
        "Shared file \(url.path) does not decode as \(Value.self): \(error). The value in memory "
          + "is kept (its `loadError` holds the error), and the next change saves over the file.")
      return .failure(error)
    }
  }

  /// What stands for `data` in ``State/knownContents``: `nil` for no file or an empty one.
  private static func digest(_ data: Data?) -> Int? {
    guard let data, !data.isEmpty else { return nil }
    var hasher = Hasher()
    hasher.combine(data.count)
    data.withUnsafeBytes { hasher.combine(bytes: $0) }
    return hasher.finalize()
  }

  /// On each access: takes a change on disk the watcher has not told yet (or that nothing
  /// watches, where the system has no file events), by the file's version alone.
  func checkForOutsideChanges() {
    let version = storage.fileSystem.version(url)
    guard state.withLock({ $0.known != version }) else { return }
    reload(isCertain: false)
  }

  /// The watcher's call: the file changed (`isCertain`), or its directory did.
  private func fileChanged(isCertain: Bool) {
    reload(isCertain: isCertain)
  }

  /// Reads the file and tells the subscriber when its contents differ from the ones last loaded
  /// or saved. Unless `isCertain`, a file whose version is the one known is not read.
  private func reload(isCertain: Bool) {
    let fileSystem = storage.fileSystem
    let (subscriber, data, dropped) = withFileAccess {
      () -> (SharedSubscriber<Value>?, Data?, [SaveContinuation]) in
      let version = fileSystem.version(url)
      let skips = state.withLock { state in
        // A change waiting to be saved wins over a file that is there: no need to read it.
        (state.known == version && !isCertain) || (state.pending != nil && version != nil)
      }
      if skips { return (nil, nil, []) }
      let data = version == nil ? nil : fileSystem.read(url)
      let contents = Self.digest(data)
      return state.withLock { state in
        var dropped: [SaveContinuation] = []
        if state.pending != nil {
          // A change waiting to be saved wins over the file, unless the file went away: then,
          // as in swift-sharing, the change is dropped with it, and the value goes back to the
          // default.
          guard version == nil, state.known != nil else { return (nil, nil, []) }
          state.pending = nil
          state.generation &+= 1
          swap(&dropped, &state.continuations)
          state.known = nil
          state.knownContents = nil
          return (state.subscriber, nil, dropped)
        }
        state.known = version
        guard contents != state.knownContents else { return (nil, nil, []) }
        state.knownContents = contents
        return (state.subscriber, data, [])
      }
    }
    for continuation in dropped { continuation.resume() }
    guard let subscriber else { return }
    subscriber.yield(with: decode(data))
  }

  /// Saves as swift-sharing's file storage does: a change is written at once and opens a window
  /// of the storage's delay; changes made in the window are written together at its end. A save
  /// a holder asks for is written at once.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    let writesNow = state.withLock { state in
      state.generation &+= 1
      state.continuations.append(continuation)
      state.pending = value
      guard context == .didSet, clock != nil else { return true }
      guard !state.isThrottling else { return false }
      state.isThrottling = true
      return true
    }
    guard writesNow else { return }
    write()
    guard let clock, context == .didSet else { return }
    let delay = storage.saveDelay
    // The task keeps `self`: changes made in the window are saved even when the last holder
    // lets go before it ends. A test clock waits for the write it wakes.
    ClockTrackedTask.start {
      try? await clock.sleep(for: delay)
      self.endWindow()
    }
  }

  /// Writes what changed in the window, then closes it.
  private func endWindow() {
    // The file may have been deleted in the window without anyone reading the value (reads are
    // what notice changes on disk): the change waiting for the window goes with it, as
    // swift-sharing's file watcher drops it, instead of being written back.
    checkForOutsideChanges()
    while true {
      write()
      let isClosed = state.withLock { state in
        // A change still pending is written by the write running now, if any.
        guard state.pending == nil || state.isWriting else { return false }
        state.isThrottling = false
        return true
      }
      if isClosed { return }
    }
  }

  /// Writes the pending value, then again while changes arrived during the write; returns at
  /// once if another thread is writing (it writes them).
  private func write() {
    let claimed = state.withLock { state in
      guard !state.isWriting else { return false }
      state.isWriting = true
      return true
    }
    guard claimed else { return }
    while true {
      let taken = state.withLock { state -> (Value, UInt64, [SaveContinuation])? in
        guard let value = state.pending else {
          state.isWriting = false
          return nil
        }
        defer { state.continuations = [] }
        return (value, state.generation, state.continuations)
      }
      guard let (value, generation, continuations) = taken else { return }
      var failure: (any Error)?
      // Encoded before the lock is taken: the encoder is code of the user's.
      let encoded = Result { try coding.encode(value) }
      withFileAccess {
        var version: FileVersion?
        var contents: Int?
        do {
          let data = try encoded.get()
          try storage.fileSystem.write(data, to: url)
          version = storage.fileSystem.version(url)
          contents = Self.digest(data)
        } catch {
          failure = error
        }
        state.withLock { state in
          if failure == nil {
            state.known = version
            state.knownContents = contents
          }
          // A change that arrived during the write stays pending: the loop writes it next.
          if state.generation == generation { state.pending = nil }
        }
      }
      if let failure {
        RuntimeWarning.report("Shared file \(url.path) could not be saved: \(failure).")
        for continuation in continuations { continuation.resume(throwing: failure) }
      } else {
        for continuation in continuations { continuation.resume() }
      }
    }
  }
}

extension FileState.Coding where Value: Codable {
  /// JSON, pretty-printed with sorted keys.
  static var json: Self {
    Self(
      decode: { try JSONDecoder().decode(Value.self, from: $0) },
      encode: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
      })
  }
}
