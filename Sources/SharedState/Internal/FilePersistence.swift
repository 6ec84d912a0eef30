@_spi(Contexts) import EffectCore
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps one file-stored shared value in step with its file: loads it on first access, reloads
/// it when the file changes, saves changes after the storage's delay, and leaves a corrupt file
/// alone.
final class FilePersistence<Value: Codable & Sendable>: SharedPersistence {
  private struct State {
    /// The modification date of the file as last loaded or saved; `nil` before the first load.
    var knownDate: Date?
    /// The last change not saved yet: it wins over the file until it is. Not `nil` from a
    /// change until the save that writes the last change ends, so one save runs at a time.
    var pending: Value?
    /// Counts changes, so that a save knows whether one arrived while it wrote.
    var generation: UInt64 = 0
    /// Whether the file held something that does not decode: it is not saved over until it
    /// changes on disk to something that does.
    var isCorrupt = false
    var reportedUnsaved = false
  }

  private let url: URL
  private let storage: FileStorage
  /// The clock the save delay runs on; `nil` saves at once.
  private let clock: (any Clock<Duration>)?
  private let state = LockIsolated(State())

  init(url: URL, storage: FileStorage, clock: (any Clock<Duration>)?) {
    self.url = url
    self.storage = storage
    self.clock = clock
  }

  func reloadIfChanged() -> Value? {
    let fileSystem = storage.fileSystem
    // The date is read with the lock held: read before it, it could predate a save that ends
    // meanwhile, and the file just saved would be taken for a change made elsewhere.
    let changed = state.withLock { state in
      guard state.pending == nil else { return false }
      let date = fileSystem.modificationDate(url)
      guard date != state.knownDate else { return false }
      state.knownDate = date
      return true
    }
    // A file that went away keeps the value it had: the next change writes it again.
    guard changed, let data = fileSystem.read(url) else { return nil }
    do {
      let value = try JSONDecoder().decode(Value.self, from: data)
      state.withLock {
        $0.isCorrupt = false
        $0.reportedUnsaved = false
      }
      return value
    } catch {
      state.withLock { $0.isCorrupt = true }
      RuntimeWarning.report(
        "Shared file \(url.path) does not decode as \(Value.self): \(error). The value in memory "
          + "is kept, and the file is not saved over until it is fixed or removed.")
      return nil
    }
  }

  func noteChange(_ value: Value) -> PersistenceFollowUp? {
    state.withLock { state in
      if state.isCorrupt {
        guard !state.reportedUnsaved else { return nil }
        state.reportedUnsaved = true
        return .reportUnsaved
      }
      state.generation &+= 1
      defer { state.pending = value }
      return state.pending == nil ? .save : nil
    }
  }

  func persist(_ followUp: PersistenceFollowUp) {
    if followUp == .reportUnsaved {
      RuntimeWarning.report(
        "Shared file \(url.path) is corrupt: changes to it are kept in memory, not saved.")
      return
    }
    guard let clock else { return save() }
    let delay = storage.saveDelay
    // The delay collects a burst of changes into one write. The task keeps `self`: a change is
    // saved even when the last holder lets go before the delay ends. A test clock waits for
    // the save it wakes.
    ClockTrackedTask.start {
      try? await clock.sleep(for: delay)
      self.save()
    }
  }

  /// Writes the pending value, then again while changes arrived during the write.
  private func save() {
    while true {
      let taken = state.withLock { state in state.pending.map { ($0, state.generation) } }
      guard let (value, generation) = taken else { return }
      var failure: (any Error)?
      do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try storage.fileSystem.write(try encoder.encode(value), to: url)
      } catch {
        failure = error
      }
      let date = failure == nil ? storage.fileSystem.modificationDate(url) : nil
      let isLatest = state.withLock { state in
        if failure == nil { state.knownDate = date }
        guard state.generation == generation else { return false }
        state.pending = nil
        return true
      }
      if let failure {
        RuntimeWarning.report("Shared file \(url.path) could not be saved: \(failure).")
      }
      if isLatest { return }
    }
  }
}
