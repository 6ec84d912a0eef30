import Synchronization

/// Saves documents away from the main actor, one batch at a time, and keeps another program's
/// changes: before it replaces a file, it reads what is there, and when that is no longer what
/// it last read or wrote, it saves both sides' changes (``DocumentMerge``) instead of ours alone.
actor DocumentSaver {
  /// Moved on by ``interrupt()``: a batch that sees it move stops creating files and reports
  /// its documents as not saved, so that the last save, which has newer values, runs at once.
  nonisolated let generation = Generation()

  /// A counter shared with the threads that write a batch.
  final class Generation: Sendable {
    let value = Atomic<Int>(0)
  }

  /// What one document's save did.
  enum Outcome: Sendable {
    /// Saved as it was given.
    case saved
    /// Saved merged with what another program wrote meanwhile.
    case merged(DocumentMerge)
    /// Not saved.
    case failed(DocumentError)
    /// Not saved, because a newer save was asked for (``interrupt()``).
    case interrupted
  }

  /// Asks the batch being written, if any, to stop: what it has not renamed yet is not saved.
  nonisolated func interrupt() {
    generation.value.add(1, ordering: .sequentiallyConsistent)
  }

  /// What each document's file held when this process last read or wrote it, by path.
  private var onDisk: [String: TimerDocument]
  /// The file's stamp then: while it is the same, nobody changed the file and it is not read
  /// again before it is replaced.
  private var stamps: [String: DocumentFile.Stamp] = [:]

  init(documents: [(path: String, document: TimerDocument)]) {
    onDisk = Dictionary(documents.map { ($0.path, $0.document) }, uniquingKeysWith: { a, _ in a })
    for (path, _) in documents { stamps[path] = DocumentFile.stamp(path) }
  }

  /// Files for the next save to fill instead of creating its own, by document path
  /// (`DocumentFile.write(_:spares:keepingReplaced:isInterrupted:)`).
  private var spares: [String: String] = [:]

  /// Makes a spare file beside each of the documents at `paths` that has none, for the next
  /// save to fill; stops at ``interrupt()``.
  func prepare(_ paths: [String]) {
    prepare(paths, isInterrupted: interruption())
  }

  private func prepare(_ paths: [String], isInterrupted: @escaping @Sendable () -> Bool) {
    let lacking = paths.filter { spares[$0] == nil }
    spares.merge(DocumentFile.makeSpares(for: lacking, isInterrupted: isInterrupted)) { a, _ in a }
  }

  /// Whether ``interrupt()`` was called since now: what a batch asks as it goes.
  private func interruption() -> @Sendable () -> Bool {
    let started = generation.value.load(ordering: .sequentiallyConsistent)
    return { [generation] in generation.value.load(ordering: .sequentiallyConsistent) != started }
  }

  /// Saves the documents, in one batch (see
  /// `DocumentFile.write(_:spares:keepingReplaced:isInterrupted:)`).
  ///
  /// When `preparing` names documents, the next save is prepared: the files this one replaces
  /// are kept for it to fill when they are still what this process last read or wrote (their
  /// stamp unchanged: no other program's file, which it may still have open, is ever reused),
  /// and each document of `preparing` that still has no such spare gets an empty file (the
  /// files of a save stopped by ``interrupt()`` are kept too). With
  /// `preparing` empty, the spares left are removed: the screen's saves prepare the next, its
  /// last save and a script's do not.
  func save(
    _ documents: [(path: String, document: TimerDocument)], preparing: [String] = []
  ) -> [Outcome] {
    var outcomes = [Outcome](repeating: .saved, count: documents.count)
    var toWrite: [(index: Int, document: TimerDocument, path: String)] = []
    // The documents whose file is still the one this process read or wrote, untouched since.
    var untouched: Set<String> = []
    for (index, (path, ours)) in documents.enumerated() {
      let base = onDisk[path] ?? ours
      if let stamp = stamps[path], DocumentFile.stamp(path) == stamp {
        toWrite.append((index, ours, path))
        untouched.insert(path)
        continue
      }
      do {
        let theirs = try DocumentFile.read(path, cleaningUp: false)
        guard theirs.id == ours.id else {
          outcomes[index] = .failed(.replaced)
          continue
        }
        if theirs == base {
          toWrite.append((index, ours, path))
        } else {
          let merge = DocumentMerge(base: base, ours: ours, theirs: theirs)
          outcomes[index] = .merged(merge)
          toWrite.append((index, merge.document, path))
        }
      } catch .missing {
        // Deleted while open: saved again.
        toWrite.append((index, ours, path))
      } catch .invalid(let reason) {
        outcomes[index] = .failed(.changedElsewhere(reason))
      } catch .newerFormat(let format) {
        outcomes[index] = .failed(.changedElsewhere("format \(format)"))
      } catch {
        // Unreadable now: the write says whether it can be replaced (a read-only file cannot).
        toWrite.append((index, ours, path))
      }
    }
    let isInterrupted = interruption()
    var given: [String: String] = [:]
    for entry in toWrite {
      if let spare = spares.removeValue(forKey: entry.path) { given[entry.path] = spare }
    }
    let batch = DocumentFile.write(
      toWrite.map { ($0.document, $0.path) }, spares: given,
      keepingReplaced: preparing.isEmpty ? [] : untouched, isInterrupted: isInterrupted)
    spares.merge(batch.spares) { kept, _ in kept }
    if preparing.isEmpty {
      DocumentFile.removeSpares(spares.values)
      spares.removeAll()
    } else {
      prepare(preparing, isInterrupted: isInterrupted)
    }
    for (entry, error) in zip(toWrite, batch.errors) {
      if error == .interrupted {
        outcomes[entry.index] = .interrupted
      } else if let error {
        outcomes[entry.index] = .failed(error)
      } else {
        onDisk[entry.path] = entry.document
        stamps[entry.path] = DocumentFile.stamp(entry.path)
      }
    }
    return outcomes
  }
}
