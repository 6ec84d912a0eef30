/// Saves documents away from the main actor, one batch at a time, and keeps another program's
/// changes: before it replaces a file, it reads what is there, and when that is no longer what
/// it last read or wrote, it saves both sides' changes (``DocumentMerge``) instead of ours alone.
actor DocumentSaver {
  /// What one document's save did.
  enum Outcome: Sendable {
    /// Saved as it was given.
    case saved
    /// Saved merged with what another program wrote meanwhile.
    case merged(DocumentMerge)
    /// Not saved.
    case failed(DocumentError)
  }

  /// What each document's file held when this process last read or wrote it, by path.
  private var onDisk: [String: TimerDocument]

  init(documents: [(path: String, document: TimerDocument)]) {
    onDisk = Dictionary(documents.map { ($0.path, $0.document) }, uniquingKeysWith: { a, _ in a })
  }

  /// Saves the documents, in one batch (see `DocumentFile.write(_:)`).
  func save(_ documents: [(path: String, document: TimerDocument)]) -> [Outcome] {
    var outcomes = [Outcome](repeating: .saved, count: documents.count)
    var toWrite: [(index: Int, document: TimerDocument, path: String)] = []
    for (index, (path, ours)) in documents.enumerated() {
      let base = onDisk[path] ?? ours
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
    let errors = DocumentFile.write(toWrite.map { ($0.document, $0.path) })
    for (entry, error) in zip(toWrite, errors) {
      if let error {
        outcomes[entry.index] = .failed(error)
      } else {
        onDisk[entry.path] = entry.document
      }
    }
    return outcomes
  }
}
