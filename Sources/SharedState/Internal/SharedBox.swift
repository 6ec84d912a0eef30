import Observation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``Shared`` value lives: one per shared value, however many holders copy the `Shared`.
///
/// The value is guarded by a lock, so holders on any thread see one value; reads and changes go
/// through an observation registrar of the box's own, so that a view (or
/// `withObservationTracking`) reading a shared value through any store hears a change made
/// through any other.
@usableFromInline
final class SharedBox<Value: Sendable>: SharedStateStorage, @unchecked Sendable {
  // `@unchecked`: `stored` is only touched with `mutex` held, `persistence` and `observed` are
  // `Sendable`, and `recorders` is guarded by its own lock.
  //
  // A POSIX mutex of the box's own rather than a `LockIsolated`: the lock is taken on every read
  // and change, and inlined here it costs a call each way, where `LockIsolated`'s generic
  // `withLock` would run unspecialised. POSIX, as `LockIsolated`'s, for ThreadSanitizer.
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The value, in memory of its own rather than a stored property: the lock already makes each
  /// access exclusive, and a class's stored property would pay a run-time exclusivity check
  /// (thread-local bookkeeping) on every read and change besides.
  @usableFromInline let stored: UnsafeMutablePointer<Value>
  /// What observers observe: a property of a non-generic class, whose key path is cheap to hash
  /// (the registrar looks it up on every change; a generic class's key path costs several times
  /// more).
  @usableFromInline let observed = SharedObservation()
  /// What a persisted value does on a read (reload) and after a change (save); `nil` in memory.
  @usableFromInline let persistence: (any SharedPersistence<Value>)?
  /// `persistence != nil`, tested on every access without copying the existential.
  @usableFromInline let isPersisted: Bool
  /// The test stores whose state holds this box, told before each change.
  @usableFromInline let recorders = LockIsolated<[WeakRecorder]>([])

  @usableFromInline init(_ value: Value, persistence: (any SharedPersistence<Value>)? = nil) {
    self.mutex = .allocate(capacity: 1)
    self.stored = .allocate(capacity: 1)
    stored.initialize(to: value)
    self.persistence = persistence
    self.isPersisted = persistence != nil
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
    stored.deinitialize(count: 1)
    stored.deallocate()
  }

  /// Runs `body` on the value with the lock held.
  @inlinable func locked<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&stored.pointee)
  }

  /// The value, as every holder sees it (or, inside a test store's assertion, as it was at the
  /// last assertion).
  @inlinable var value: Value {
    observed.registrar.access(observed, keyPath: SharedObservation.valueKeyPath)
    if isPersisted, let reloaded = persistence?.reloadIfChanged() {
      replace(with: reloaded)
    }
    if SharedChangeRecorder.isRecording, let (recorder, mode) = SharedChangeRecorder.current {
      return recordedValue(in: recorder, mode: mode)
    }
    return locked { $0 }
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
  @usableFromInline var currentValue: Value { locked { $0 } }

  @usableFromInline var currentSharedValue: any Sendable { currentValue }

  /// Changes the value for every holder, then lets persistence save it.
  @inlinable func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    // A change starts from the file's value, not from a default it has not loaded yet.
    if isPersisted, let reloaded = persistence?.reloadIfChanged() {
      replace(with: reloaded)
    }
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
    return try observed.registrar.withMutation(
      of: observed, keyPath: SharedObservation.valueKeyPath
    ) {
      // Persistence notes the change with the lock held, so changes reach it in the order
      // they were made; it saves once the lock is released.
      let (result, followUp) = try locked { value in
        tellRecorders(before: value)
        let result = try body(&value)
        return (result, isPersisted ? persistence?.noteChange(value) : nil)
      }
      if let followUp { persistence?.persist(followUp) }
      return result
    }
  }

  /// Takes a value from storage (a file changed on disk): observers hear it, nothing is saved.
  @usableFromInline func replace(with value: Value) {
    observed.registrar.withMutation(of: observed, keyPath: SharedObservation.valueKeyPath) {
      locked {
        tellRecorders(before: $0)
        $0 = value
      }
    }
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

/// The observable side of a ``SharedBox``: observers track its one property, which stands for
/// the box's value.
@usableFromInline
final class SharedObservation: Observable, Sendable {
  @usableFromInline let registrar = ObservationRegistrar()
  /// Never read for its value: only its key path is used.
  @usableFromInline var value: Void { () }
  /// `\.value`, made once: a key path literal is looked up again at each evaluation. Unsafe
  /// only in name: a key path is immutable, though `KeyPath` does not say it is `Sendable`.
  @usableFromInline nonisolated(unsafe) static let valueKeyPath: KeyPath<SharedObservation, Void> =
    \.value
}

/// A test store's recorder, held weakly: the box outlives the test.
@usableFromInline
struct WeakRecorder: Sendable {
  @usableFromInline weak var recorder: SharedChangeRecorder?
}

/// How a persisted shared value stays in step with its storage.
@usableFromInline
protocol SharedPersistence<Value>: Sendable {
  associatedtype Value: Sendable
  /// The value in storage, if it changed there since it was last loaded or saved.
  func reloadIfChanged() -> Value?
  /// Notes a change made through a holder, with the value's lock held; returns what
  /// ``persist(_:)`` must do once the lock is released, if anything.
  func noteChange(_ value: Value) -> PersistenceFollowUp?
  /// Does what ``noteChange(_:)`` asked for, outside the value's lock.
  func persist(_ followUp: PersistenceFollowUp)
}

/// What persistence does after a change it noted, once the value's lock is released.
@usableFromInline
enum PersistenceFollowUp: Sendable {
  /// Save the changes noted (perhaps after a delay); later changes join the same save.
  case save
  /// Report, once, that changes are kept in memory only (the stored value is corrupt).
  case reportUnsaved
}
