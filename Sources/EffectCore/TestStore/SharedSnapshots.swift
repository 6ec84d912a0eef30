import Synchronization

/// A value in state that refers to storage other holders share (SharedState's `Shared`), which a
/// ``TestStore`` must check like a plain value.
///
/// Every copy of such a value sees a change at once, so a test store's copy of the state "before"
/// an action would already show what the action did. A test store therefore hands each reference
/// in its state a ``SharedChangeRecorder``; the reference tells it its value before the first
/// change since the last assertion, and the store asserts against that.
///
/// Conform only storage that changes in place for every holder; plain values need nothing.
public protocol SharedStateReference: Sendable {
  /// The value now, as assertions see it: inside an assertion the
  /// recorded value, if any.
  var sharedStateValue: Any { get }

  /// Starts telling `recorder` about changes, until the recorder goes away.
  ///
  /// - Parameter recorder: A test store's recorder.
  func record(changesWith recorder: SharedChangeRecorder)
}

/// The storage behind a ``SharedStateReference``: one object, however many copies of the
/// reference the state holds.
public protocol SharedStateStorage: AnyObject, Sendable {
  /// The value now, as every holder outside a test store's assertions sees it.
  var currentSharedValue: any Sendable { get }
}

/// The values of the shared references that changed since a test store's last assertion, as
/// they were right after one action: a shared value changes in place, so the state an action
/// left does not keep them.
struct SharedSnapshot: Sendable {
  var values: [ObjectIdentifier: any Sendable] = [:]
}

/// What one ``TestStore`` knows about the shared references in its state: each one's value at
/// the last assertion, kept from the moment it first changes after it.
///
/// References call ``willChange(_:from:)`` before a change; while the store runs an assertion's
/// closure (`asserting(_:)`) they read and write the recorded value instead of the shared one,
/// and while it compares (`comparing(_:)`) the expected side of `==` is the recorded value and
/// the actual side the value right after the action being checked.
public final class SharedChangeRecorder: Sendable {
  /// What a reference reads inside an assertion: the recorder and the role of the read.
  public enum Mode: Sendable {
    /// Inside the closure that builds the expected state: reads and writes go to the recorded
    /// value.
    case asserting
    /// Comparing expected with actual: the left side of `==` is the recorded value, and every
    /// other read is the value right after the action being checked.
    case comparing
  }

  /// The recorder and mode in force for the current task, if a test store is asserting.
  @TaskLocal public static var current: (recorder: SharedChangeRecorder, mode: Mode)?

  /// How many recorders exist: while none does, references skip the task-local read.
  @usableFromInline static let live = Atomic<Int>(0)

  /// Whether any test store is recording, for references' fast path.
  @inlinable public static var isRecording: Bool { live.load(ordering: .relaxed) > 0 }

  private struct Entry: Sendable {
    let storage: any SharedStateStorage
    /// The value at the last assertion (a `Sendable` value of the reference's own).
    var value: any Sendable
  }

  private let entries = LockIsolated<[ObjectIdentifier: Entry]>([:])
  /// What the assertion's closure wrote: the expected values, until the comparison is over.
  private let expected = LockIsolated<[ObjectIdentifier: any Sendable]>([:])
  /// The values right after the action being checked; `nil` checks the values now.
  private let checked = LockIsolated<SharedSnapshot?>(nil)

  init() { Self.live.add(1, ordering: .relaxed) }
  deinit { Self.live.subtract(1, ordering: .relaxed) }

  /// Called by a reference's storage before it changes: keeps `value` unless a value is already
  /// kept.
  public func willChange(_ storage: any SharedStateStorage, from value: any Sendable) {
    entries.withLock { entries in
      let id = ObjectIdentifier(storage)
      if entries[id] == nil { entries[id] = Entry(storage: storage, value: value) }
    }
  }

  /// The value the assertion expects of `storage`: what its closure wrote, else the value at
  /// the last assertion, if it changed since.
  public func recordedValue(of storage: AnyObject) -> Any? {
    let id = ObjectIdentifier(storage)
    if let value = expected.withLock({ $0[id] }) { return value }
    return entries.withLock { $0[id]?.value }
  }

  /// The value `storage` had right after the action being checked, if it differs from the value
  /// now; `nil` means the value now.
  public func checkedValue(of storage: AnyObject) -> Any? {
    guard let snapshot = checked.value else { return nil }
    let id = ObjectIdentifier(storage)
    // Changed by the action (or before it): its value then. Changed only after it: the value
    // before that change, which is the value the action left.
    return snapshot.values[id] ?? entries.withLock { $0[id]?.value }
  }

  /// Changes the recorded value of `storage`: an assertion's closure writing a shared value.
  public func setRecordedValue(_ value: any Sendable, of storage: any SharedStateStorage) {
    expected.withLock { $0[ObjectIdentifier(storage)] = value }
  }

  /// The values now of the references that changed since the last assertion.
  func snapshot() -> SharedSnapshot {
    // Read outside the entries' lock: a change holds its storage's lock while it takes this one.
    let changed = entries.withLock { $0.values.map(\.storage) }
    var snapshot = SharedSnapshot()
    for storage in changed {
      snapshot.values[ObjectIdentifier(storage)] = storage.currentSharedValue
    }
    return snapshot
  }

  /// Runs `body` with references reading (and writing) their recorded values.
  func asserting<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$current.withValue((self, .asserting), operation: body)
  }

  /// Runs `body` with `==` on references comparing the recorded value (left) with the value
  /// after the action checked (right), and other reads seeing that value.
  func comparing<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$current.withValue((self, .comparing), operation: body)
  }

  /// Runs `body` checking the action that left `snapshot` (`nil`: the state now).
  func checking<R>(_ snapshot: SharedSnapshot?, _ body: () throws -> R) rethrows -> R {
    checked.withLock { $0 = snapshot }
    defer { checked.withLock { $0 = nil } }
    return try body()
  }

  /// Whether the last assertion's closure wrote a shared value: a change `==` on the state
  /// alone cannot see.
  var closureWrote: Bool { !expected.withLock(\.isEmpty) }

  /// Takes the shared values the action that left `snapshot` (`nil`: the state now) as
  /// asserted, and starts recording the references in `state` (the ones it held already keep
  /// recording).
  func accept(_ state: Any, after snapshot: SharedSnapshot? = nil) {
    take(after: snapshot)
    SharedReferences.forEach(in: state) { $0.record(changesWith: self) }
  }

  /// Takes the shared values after the action that left `snapshot` (`nil`: now) as the values
  /// the next expectation starts from (a non-exhaustive store asserts from the actual state).
  func take(after snapshot: SharedSnapshot?) {
    expected.withLock { $0.removeAll() }
    entries.withLock { entries in
      guard let snapshot else { return entries.removeAll() }
      // References that changed only after the action keep the value they had before.
      for (id, value) in snapshot.values {
        entries[id]?.value = value
      }
    }
  }
}

/// Finds the shared references in a value, by reflection (tests only).
enum SharedReferences {
  static func forEach(in value: Any, _ body: (any SharedStateReference) -> Void) {
    if let reference = value as? any SharedStateReference {
      body(reference)
      forEach(in: reference.sharedStateValue, body)
      return
    }
    let mirror = Mirror(reflecting: value)
    // Objects are not state: their graph may be large or cyclic.
    guard mirror.displayStyle != .class else { return }
    for child in mirror.children { forEach(in: child.value, body) }
  }
}
