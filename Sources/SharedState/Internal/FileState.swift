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
    /// The modification date of the file as last loaded or saved; `nil` when there was none.
    var knownDate: Date?
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
  }

  let url: URL
  private let storage: FileStorage
  private let coding: Coding
  /// The clock the save delay runs on; `nil` saves at once.
  private let clock: (any Clock<Duration>)?
  private let state = LockIsolated(State())

  init(url: URL, storage: FileStorage, coding: Coding, clock: (any Clock<Duration>)?) {
    self.url = url
    self.storage = storage
    self.coding = coding
    self.clock = clock
  }

  func load(continuation: LoadContinuation<Value>) {
    let fileSystem = storage.fileSystem
    state.withLock { $0.knownDate = fileSystem.modificationDate(url) }
    continuation.resume(with: decode(fileSystem.read(url)))
  }

  func subscribe(_ subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    state.withLock { $0.subscriber = subscriber }
    return SharedSubscription { [weak self] in
      self?.state.withLock { $0.subscriber = nil }
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

  func checkForOutsideChanges() {
    let fileSystem = storage.fileSystem
    // The date is read with the lock held: read before it, it could predate a save that ends
    // meanwhile, and the file just saved would be taken for a change made elsewhere.
    let (subscriber, dropped) = state.withLock {
      state -> (SharedSubscriber<Value>?, [SaveContinuation]) in
      let date = fileSystem.modificationDate(url)
      guard date != state.knownDate else { return (nil, []) }
      var dropped: [SaveContinuation] = []
      if state.pending != nil {
        // A change waiting to be saved wins over the file, unless the file went away: then, as
        // in swift-sharing, the change is dropped with it, and the value goes back to the
        // default.
        guard date == nil else { return (nil, []) }
        state.pending = nil
        state.generation &+= 1
        swap(&dropped, &state.continuations)
      }
      state.knownDate = date
      return (state.subscriber, dropped)
    }
    for continuation in dropped { continuation.resume() }
    guard let subscriber else { return }
    subscriber.yield(with: decode(fileSystem.read(url)))
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
      do {
        try storage.fileSystem.write(try coding.encode(value), to: url)
      } catch {
        failure = error
      }
      let date = failure == nil ? storage.fileSystem.modificationDate(url) : nil
      state.withLock { state in
        if failure == nil { state.knownDate = date }
        // A change that arrived during the write stays pending: the loop writes it next.
        if state.generation == generation { state.pending = nil }
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
