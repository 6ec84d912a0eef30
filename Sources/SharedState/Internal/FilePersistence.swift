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
    /// The last change not saved yet: it wins over the file until it is.
    var pending: Value?
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
    let date = fileSystem.modificationDate(url)
    let changed = state.withLock { state in
      guard state.pending == nil, date != state.knownDate else { return false }
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

  func didChange(to value: Value) {
    let (isCorrupt, startsSave) = state.withLock { state -> (Bool, Bool) in
      if state.isCorrupt {
        defer { state.reportedUnsaved = true }
        return (!state.reportedUnsaved, false)
      }
      defer { state.pending = value }
      return (false, state.pending == nil)
    }
    if isCorrupt {
      RuntimeWarning.report(
        "Shared file \(url.path) is corrupt: changes to it are kept in memory, not saved.")
    }
    guard startsSave else { return }
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

  /// Writes the pending value, if any.
  private func save() {
    guard let value = state.withLock({ $0.pending }) else { return }
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let data = try encoder.encode(value)
      try storage.fileSystem.write(data, to: url)
      let date = storage.fileSystem.modificationDate(url)
      state.withLock {
        $0.knownDate = date
        $0.pending = nil
      }
    } catch {
      state.withLock { $0.pending = nil }
      RuntimeWarning.report("Shared file \(url.path) could not be saved: \(error).")
    }
  }
}
