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

/// What one ``TestStore`` knows about the shared references in its state: each one's value at
/// the last assertion, kept from the moment it first changes after it.
///
/// References call ``willChange(_:from:)`` before a change; while the store runs an assertion's
/// closure (`asserting(_:)`) they read and write the recorded value instead of the shared one,
/// and while it compares (`comparing(_:)`) the expected side of `==` is the recorded value.
public final class SharedChangeRecorder: Sendable {
  /// What a reference reads inside an assertion: the recorder and the role of the read.
  public enum Mode: Sendable {
    /// Inside the closure that builds the expected state: reads and writes go to the recorded
    /// value.
    case asserting
    /// Comparing expected with actual: the left side of `==` is the recorded value.
    case comparing
  }

  /// The recorder and mode in force for the current task, if a test store is asserting.
  @TaskLocal public static var current: (recorder: SharedChangeRecorder, mode: Mode)?

  /// How many recorders exist: while none does, references skip the task-local read.
  @usableFromInline static let live = Atomic<Int>(0)

  /// Whether any test store is recording, for references' fast path.
  @inlinable public static var isRecording: Bool { live.load(ordering: .relaxed) > 0 }

  private struct Entry: @unchecked Sendable {
    // `object` only serves as the identity; `value` is the reference's own `Sendable` value.
    let object: AnyObject
    var value: Any
  }

  private let entries = LockIsolated<[ObjectIdentifier: Entry]>([:])
  private let wroteInClosure = LockIsolated(false)

  init() { Self.live.add(1, ordering: .relaxed) }
  deinit { Self.live.subtract(1, ordering: .relaxed) }

  /// Called by a reference before it changes: keeps `value` unless a value is already kept.
  public func willChange(_ object: AnyObject, from value: Any) {
    entries.withLock { entries in
      let id = ObjectIdentifier(object)
      if entries[id] == nil { entries[id] = Entry(object: object, value: value) }
    }
  }

  /// The value `object` had at the last assertion, if it changed since.
  public func recordedValue(of object: AnyObject) -> Any? {
    entries.withLock { $0[ObjectIdentifier(object)]?.value }
  }

  /// Changes the recorded value of `object`: an assertion's closure writing a shared value.
  public func setRecordedValue(_ value: Any, of object: AnyObject) {
    wroteInClosure.withLock { $0 = true }
    entries.withLock { $0[ObjectIdentifier(object)] = Entry(object: object, value: value) }
  }

  /// Runs `body` with references reading (and writing) their recorded values.
  func asserting<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$current.withValue((self, .asserting), operation: body)
  }

  /// Runs `body` with `==` on references comparing the recorded value (left) with the shared one.
  func comparing<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$current.withValue((self, .comparing), operation: body)
  }

  /// Whether the last assertion's closure wrote a shared value: a change `==` on the state
  /// alone cannot see.
  func takeClosureWrote() -> Bool {
    wroteInClosure.withLock { wrote in
      defer { wrote = false }
      return wrote
    }
  }

  /// Takes the shared values now as asserted, and starts recording the references in `state`
  /// (the ones it held already keep recording).
  func accept(_ state: Any) {
    entries.withLock { $0.removeAll() }
    SharedReferences.forEach(in: state) { $0.record(changesWith: self) }
  }

  /// Forgets the recorded values, so that the next expectation starts from the shared ones (a
  /// non-exhaustive store asserts from the actual state).
  func forget() {
    entries.withLock { $0.removeAll() }
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
