import EffectCore
import Observation
import Synchronization

/// Where a ``Shared`` value lives: one per shared value, however many holders copy the `Shared`.
///
/// Two locks guard the value, so holders on any thread see one value and no read ever waits for
/// code a writer runs:
///
/// - `writer`, held for a whole change (the `withLock` closure included), makes changes one step
///   each, in order. It is re-entrant: a change made inside `withLock`'s closure on the thread that
///   holds it takes it again instead of waiting for itself (as swift-sharing's lock).
/// - `reader`, held only to copy the value in or out, never while user code runs. A read takes only
///   this one, so a read inside a `withLock` closure (of this value or any other, on any thread)
///   never waits for a lock held by code that waits for it.
///
/// Reads and changes go through an observation registrar of the box's own, so that a view (or
/// `withObservationTracking`) reading a shared value through any store hears a change made through
/// any other.
@usableFromInline
final class SharedBox<Value: Sendable>: SharedStateStorage, @unchecked Sendable {
  // `@unchecked`: `stored` is written only with both locks held, and read with either; `locking`
  // is only touched with `writer` held; `persistence` and `observed` are `Sendable`, and
  // `recorders` is guarded by its own lock.
  //
  // System locks of the box's own rather than `LockIsolated`s: the locks are taken on every read
  // and change, and inlined here they cost a call each way, where `LockIsolated`'s generic
  // `withLock` would run unspecialised. The system's, as `LockIsolated`'s, for ThreadSanitizer.
  @usableFromInline let writer = SystemLock(recursive: true)
  @usableFromInline let reader = SystemLock()
  /// The value, in memory of its own rather than a stored property: the locks already make each
  /// access safe, and a class's stored property would pay a run-time exclusivity check
  /// (thread-local bookkeeping) on every read and change besides.
  @usableFromInline let stored: UnsafeMutablePointer<Value>
  /// How deep the writer is in nested `withLock`s, and how many changes nested ones made.
  @usableFromInline let locking: UnsafeMutablePointer<LockDepth>
  /// What observers observe: a property of a non-generic class, whose key path is cheap to hash
  /// (the registrar looks it up on every change; a generic class's key path costs several times
  /// more).
  @usableFromInline let observed = SharedObservation()
  /// What a keyed value does on a read (check for outside changes) and after a change (save);
  /// `nil` for a value of its own (`Shared(value:)`).
  @usableFromInline let persistence: SharedPersistence<Value>?
  /// The test stores whose state holds this box, told before each change.
  @usableFromInline let recorders = LockIsolated<[WeakRecorder]>([])
  /// How many listeners (`$shared.asyncValues`) are told each change: read on every change, so
  /// that a value nobody listens to pays one load, not a lock. Changed with `writer` held, and
  /// read with it held, so the lock orders the two.
  @usableFromInline let listenerCount = Atomic<Int>(0)
  /// The listeners, by the number ``listen(_:)`` gave them.
  let listeners = LockIsolated<(next: UInt64, all: [UInt64: @Sendable (Value) -> Void])>(
    (0, [:]))

  @usableFromInline init(_ value: Value, persistence: SharedPersistence<Value>? = nil) {
    self.stored = .allocate(capacity: 1)
    self.locking = .allocate(capacity: 1)
    stored.initialize(to: value)
    locking.initialize(to: LockDepth())
    self.persistence = persistence
  }

  deinit {
    writer.deallocate()
    reader.deallocate()
    stored.deinitialize(count: 1)
    stored.deallocate()
    locking.deinitialize(count: 1)
    locking.deallocate()
  }

  /// The value now: a copy, taken with the reader lock held.
  @inlinable func read() -> Value {
    reader.lock()
    defer { reader.unlock() }
    return stored.pointee
  }

  /// Stores `value`; the caller holds `writer`. The value replaced is released once the reader
  /// lock is, so that a `deinit` it runs may read this value.
  @inlinable func store(_ value: Value) {
    var replaced = value
    reader.lock()
    swap(&stored.pointee, &replaced)
    reader.unlock()
  }

  /// The value, as every holder sees it (or, inside a test store's assertion, as it was at the
  /// last assertion).
  @inlinable var value: Value {
    observed.access()
    if let persistence { persistence.checkForOutsideChanges() }
    if SharedChangeRecorder.isRecording, let (recorder, mode) = SharedChangeRecorder.current {
      return recordedValue(in: recorder, mode: mode)
    }
    return read()
  }

  /// The value a test store's assertion reads: the value at the last assertion (changed by the
  /// assertion's closure) while it builds its expectation, the value the checked action left
  /// while it compares.
  @usableFromInline func recordedValue(
    in recorder: SharedChangeRecorder, mode: SharedChangeRecorder.Mode
  ) -> Value {
    let recorded =
      switch mode {
      case .asserting: recorder.recordedValue(of: self)
      case .comparing: recorder.checkedValue(of: self)
      }
    return recorded as? Value ?? currentValue
  }

  /// The value now, ignoring assertions: the right side of a comparison in a test store.
  @usableFromInline var currentValue: Value { read() }

  @usableFromInline var currentSharedValue: any Sendable { currentValue }

  /// Changes the value for every holder, then lets persistence save it.
  @inlinable func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    // A change starts from the stored value, not from one it has not loaded yet.
    if let persistence { persistence.checkForOutsideChanges() }
    if SharedChangeRecorder.isRecording, let (recorder, mode) = SharedChangeRecorder.current,
      mode == .asserting
    {
      // An assertion's closure describes the expected value: it changes the recorded copy, never
      // the shared one.
      var expected = recorder.recordedValue(of: self) as? Value ?? currentValue
      let result = try body(&expected)
      recorder.setRecordedValue(expected, of: self)
      return result
    }
    let result = try observed.withMutation { try change(body) }
    // Saved with no lock held: a key's `save` may read and change shared values itself.
    if let persistence { persistence.saveChanges() }
    return result
  }

  /// Runs `body` on a copy of the value with the writer lock held, then stores the copy: a read
  /// of this value inside `body` (through any holder, on any thread) sees the value as it was
  /// before the change, as in swift-sharing, never a value half changed.
  @inlinable func change<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lockWriter()
    defer { writer.unlock() }
    let depth = locking.pointee.depth
    locking.pointee.depth = depth + 1
    defer { locking.pointee.depth = depth }
    if depth == 0 {
      locking.pointee.nestedChanges = 0
    } else {
      locking.pointee.nestedChanges += 1
    }
    // Only a holder of `writer` writes `stored`: holding it, this read needs no other lock.
    var value = stored.pointee
    tellRecorders(before: value)
    let result = try body(&value)
    if depth == 0, locking.pointee.nestedChanges > 0 {
      reportNestedChangesReplaced()
    }
    store(value)
    if listenerCount.load(ordering: .relaxed) != 0 { tellListeners(value) }
    // Noted with the writer lock held, so changes reach persistence in the order they were made.
    if let persistence { persistence.noteChange(value) }
    return result
  }

  /// Takes the writer lock: at once when it is free, otherwise waiting for it.
  @inlinable func lockWriter() {
    if !writer.tryLock() { waitForWriter() }
  }

  /// Waits for the writer lock another thread holds. A wait of more than a few seconds is most
  /// likely two threads each changing one shared value inside a `withLock` of the other, in
  /// opposite orders, which no lock can resolve: it is reported (a runtime warning naming the
  /// value), rather than left as a silent hang, on every platform (Darwin, which has no timed
  /// mutex wait, included: ``SystemLock/lock(waitingAtMost:)``).
  @usableFromInline func waitForWriter() {
    if writer.lock(waitingAtMost: .seconds(Self.slowWaitSeconds)) { return }
    RuntimeWarning.report(
      "A change of a Shared<\(Value.self)> has waited \(Self.slowWaitSeconds) s for another "
        + "change of it to end. If two threads each change one shared value inside a withLock "
        + "of the other, in opposite orders, they wait for each other for good: change the "
        + "values one after the other, or always nest them in the same order.")
    writer.lock()
  }

  /// How long a change waits for another before it is reported.
  @usableFromInline static var slowWaitSeconds: Int { 3 }

  @usableFromInline func reportNestedChangesReplaced() {
    RuntimeWarning.report(
      "A Shared<\(Value.self)> was changed inside a withLock of the same value: the enclosing "
        + "withLock then stored its own copy over that change, as in swift-sharing. Make the "
        + "change with the enclosing closure's value (its `$0`) instead.")
  }

  /// Takes a value from storage (a key loaded it, or it changed outside): observers hear it,
  /// nothing is saved.
  @usableFromInline func replace(with value: Value) {
    observed.withMutation {
      lockWriter()
      defer { writer.unlock() }
      tellRecorders(before: stored.pointee)
      store(value)
      if listenerCount.load(ordering: .relaxed) != 0 { tellListeners(value) }
    }
  }

  /// Tells `body` the value now, then every value stored after it (by a change or from storage),
  /// in order, until the returned listening is cancelled.
  ///
  /// Both happen with the writer lock held, which every change holds while it stores: no change
  /// falls between the value now and the first change told, and none is told twice. `body` must
  /// not block (it yields to a stream).
  func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    // A file changed on disk is taken first, as a read would.
    if let persistence { persistence.checkForOutsideChanges() }
    lockWriter()
    defer { writer.unlock() }
    let id = listeners.withLock { listeners in
      defer { listeners.next += 1 }
      listeners.all[listeners.next] = body
      return listeners.next
    }
    listenerCount.add(1, ordering: .relaxed)
    body(stored.pointee)
    return SharedListening { [self] in
      let removed = listeners.withLock { $0.all.removeValue(forKey: id) }
      if removed != nil { listenerCount.subtract(1, ordering: .relaxed) }
    }
  }

  /// Tells each listener `value`, just stored; the caller holds `writer`. The listeners are
  /// copied out first: one cancelled meanwhile (its task ended) removes itself without waiting.
  @usableFromInline func tellListeners(_ value: Value) {
    for listener in listeners.value.all.values { listener(value) }
  }

  /// Tells observers that the value changed without changing it (a holder was rebound).
  @usableFromInline func touch() {
    observed.withMutation {}
  }

  @usableFromInline func record(changesWith recorder: SharedChangeRecorder) {
    recorders.withLock { recorders in
      recorders.removeAll { $0.recorder == nil }
      guard !recorders.contains(where: { $0.recorder === recorder }) else { return }
      recorders.append(WeakRecorder(recorder: recorder))
    }
  }

  @inlinable func tellRecorders(before value: Value) {
    guard SharedChangeRecorder.isRecording else { return }
    tellEachRecorder(before: value)
  }

  @usableFromInline func tellEachRecorder(before value: Value) {
    for entry in recorders.value {
      entry.recorder?.willChange(self, from: value)
    }
  }
}

/// The nesting of `withLock`s on one box, as seen by the thread that holds its lock.
@usableFromInline
struct LockDepth {
  @usableFromInline var depth = 0
  /// Changes made by nested `withLock`s since the outermost one began.
  @usableFromInline var nestedChanges = 0

  @usableFromInline init() {}
}

/// The observable side of a ``SharedBox``: observers track its one member, which stands for the
/// box's value.
///
/// A change tells the registrar only while somebody may be watching. The member is named by a
/// key path object of this box's own (equal to every other box's, as Observation compares key
/// paths, but a distinct object): a `withObservationTracking` that reads the value keeps it in
/// its list of accesses, and the observer it leaves behind keeps it in the registrar until it is
/// told or cancelled. While this box holds the only reference, no view or tracking scope can be
/// told anything, and a change skips the registrar's `willSet` and `didSet` (each a lock, a key
/// path lookup, a retain and a release). A tracking scope that reads the value while a change is
/// under way is told once the change ends.
@usableFromInline
final class SharedObservation: Observable, Sendable {
  @usableFromInline let registrar = ObservationRegistrar()
  /// This box's key path to ``member``: a new object for each box (see the type's comment).
  /// Unsafe only in name: a key path is immutable, though `KeyPath` does not say it is
  /// `Sendable`.
  @usableFromInline nonisolated(unsafe) let keyPath: KeyPath<SharedObservation, Void>

  /// Never read for its value: only a key path to it is used.
  @usableFromInline var member: Member { Member() }

  /// The end of ``keyPath``: appending it makes a new key path object, where a literal
  /// (`\SharedObservation.member`) is one object for the whole process.
  @usableFromInline struct Member {
    @usableFromInline var value: Void { () }
  }

  @usableFromInline init() {
    keyPath = (\SharedObservation.member).appending(path: \Member.value)
  }

  /// How many strong references ``keyPath`` has now. Read from the reference count, not with
  /// `isKnownUniquelyReferenced`, which takes the reference `inout`: a write, for
  /// ThreadSanitizer, where any number of threads check at once.
  @usableFromInline @inline(never) var references: UInt {
    Unmanaged.passUnretained(keyPath)._withUnsafeGuaranteedRef { _getRetainCount($0) }
  }

  /// What ``references`` reads while only the box holds its key path (one, or two in a build
  /// without optimisation, which holds it once more while it counts).
  @usableFromInline static let unwatchedReferences = SharedObservation().references

  /// Whether somebody may be watching: a tracking scope or an observer holds the key path. Never
  /// `false` while one does; `true` now and then when none does (another thread holding the key
  /// path for a moment, in a call), which costs only the registrar's calls.
  @inlinable var mayBeWatched: Bool { references > Self.unwatchedReferences }

  /// Tells the registrar the box's value was read (a view reading it starts watching it).
  @inlinable func access() {
    registrar.access(self, keyPath: keyPath)
  }

  /// Makes a change of the box's value, telling the registrar before and after while somebody
  /// may be watching.
  @inlinable func withMutation<R>(_ mutation: () throws -> R) rethrows -> R {
    if mayBeWatched { return try registrar.withMutation(of: self, keyPath: keyPath, mutation) }
    let result = try mutation()
    // Read while the change was under way: told now, not never.
    if mayBeWatched {
      registrar.willSet(self, keyPath: keyPath)
      registrar.didSet(self, keyPath: keyPath)
    }
    return result
  }
}

/// A test store's recorder, held weakly: the box outlives the test.
@usableFromInline
struct WeakRecorder: Sendable {
  @usableFromInline weak var recorder: SharedChangeRecorder?
}
