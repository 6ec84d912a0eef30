/// What a keyed shared value does besides holding its value: check for changes made outside,
/// save changes, and report loading and errors. A class to subclass rather than a protocol, so
/// that a ``SharedBox`` calls it without opening an existential on every access.
@usableFromInline
class SharedPersistence<Value: Sendable>: AnySharedPersistence, @unchecked Sendable {

  /// Takes a change made outside, if the key can only find one by looking (a file on a system
  /// that does not say when it changes).
  @usableFromInline func checkForOutsideChanges() {}

  /// Notes a change made through a holder, with the value's lock held, so that changes reach the
  /// key in the order they were made.
  @usableFromInline func noteChange(_ value: Value) {}

  /// Saves the changes noted, with no lock held.
  @usableFromInline func saveChanges() {}
}

/// The side of a ``SharedPersistence`` that does not depend on the type of the value: what a
/// reference derived from a keyed value reports as its own.
@usableFromInline
class AnySharedPersistence: @unchecked Sendable {
  // `@unchecked`: subclasses keep their state behind a lock.

  /// Whether the key is loading the value.
  var isLoading: Bool { false }
  /// The error of the last load, if it failed.
  var loadError: (any Error)? { nil }
  /// The error of the last save, if it failed.
  var saveError: (any Error)? { nil }

  /// Loads the value again, as a holder asked.
  func load() async throws {}
  /// Saves the value now, as a holder asked.
  func save() async throws {}
}

/// Lets a key be checked for outside changes on each access to its value: file storage (a read
/// never returns a value older than the file, even before its watcher tells the change, and on
/// systems without file events), and app storage where no key-value observation tells it (Linux).
/// Package-wide, for the keys of SharedAppStorage.
package protocol SharedKeyPolling: Sendable {
  /// Checks for a change made outside, and yields it to the subscriber if there is one.
  func checkForOutsideChanges()
}
