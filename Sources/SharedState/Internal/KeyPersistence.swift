/// Keeps one keyed shared value in step with its key: loads it when the reference is made,
/// takes the changes the key's subscription yields, and saves each change through the key, one
/// save at a time and in order.
final class KeyPersistence<Key: SharedReaderKey>: SharedPersistence<Key.Value>,
  @unchecked Sendable
{
  typealias Value = Key.Value

  private struct State {
    weak var box: SharedBox<Value>?
    var subscription: SharedSubscription?
    var isLoading = false
    var loadError: (any Error)?
    var saveError: (any Error)?
    /// The last change not handed to the key yet.
    var unsaved: Value?
    /// Whether a thread is handing changes to the key: it hands over the ones that arrive
    /// meanwhile, so saves stay in order.
    var isSaving = false
  }

  let key: Key
  /// The declaration's default: what the value becomes when the key has none.
  let initialValue: Value
  private let save: (@Sendable (Value, SaveContext, SaveContinuation) -> Void)?
  private let poller: (any SharedKeyPolling)?
  private let state = LockIsolated(State())

  init(key: Key, initialValue: Value) {
    self.key = key
    self.initialValue = initialValue
    self.save = Self.saver(of: key)
    self.poller = key as? any SharedKeyPolling
  }

  /// `key.save`, when the key saves (a ``SharedKey``, not only a ``SharedReaderKey``).
  private static func saver(
    of key: Key
  ) -> (@Sendable (Value, SaveContext, SaveContinuation) -> Void)? {
    guard let writable = key as? any SharedKey<Value> else { return nil }
    return { value, context, continuation in
      writable.save(value, context: context, continuation: continuation)
    }
  }

  /// Loads the value into `box` and subscribes to outside changes. Called once, with no lock
  /// held, before the box is handed out.
  ///
  /// With `skipInitialLoad` (the box starts from a value just loaded), it only subscribes, as
  /// swift-sharing does: the key is not asked a second time and the value is not loading.
  func start(_ box: SharedBox<Value>, skipInitialLoad: Bool = false) {
    state.withLock {
      $0.box = box
      $0.isLoading = !skipInitialLoad
    }
    if !skipInitialLoad {
      key.load(
        context: .initialValue(initialValue),
        continuation: LoadContinuation("\(key)") { [weak self] result in
          self?.receive(result, endsLoading: true)
        })
    }
    let subscription = key.subscribe(
      context: skipInitialLoad ? .userInitiated : .initialValue(initialValue),
      subscriber: SharedSubscriber(
        callback: { [weak self] result in self?.receive(result, endsLoading: true) },
        onLoading: { [weak self] isLoading in self?.setLoading(isLoading) }))
    state.withLock { $0.subscription = subscription }
  }

  /// Takes a value (or error) the key loaded or yielded.
  private func receive(_ result: Result<Value?, any Error>, endsLoading: Bool) {
    let box = state.withLock { state -> SharedBox<Value>? in
      if endsLoading { state.isLoading = false }
      switch result {
      case .success:
        state.loadError = nil
        return state.box
      case .failure(let error):
        state.loadError = error
        return state.box
      }
    }
    guard let box else { return }
    if case .success(let value) = result {
      box.replace(with: value ?? initialValue)
    } else {
      box.touch()
    }
  }

  private func setLoading(_ isLoading: Bool) {
    let box = state.withLock { state in
      state.isLoading = isLoading
      return state.box
    }
    box?.touch()
  }

  override func checkForOutsideChanges() {
    poller?.checkForOutsideChanges()
  }

  override func noteChange(_ value: Value) {
    guard save != nil else { return }
    // The value replaced is released once the lock is.
    let replaced = state.withLock { state in
      defer { state.unsaved = value }
      return state.unsaved
    }
    _ = replaced
  }

  override func saveChanges() {
    guard let save else { return }
    var next = state.withLock { state -> Value? in
      guard !state.isSaving, let value = state.unsaved else { return nil }
      state.isSaving = true
      state.unsaved = nil
      return value
    }
    while let value = next {
      save(
        value, .didSet,
        SaveContinuation("\(key)") { [weak self] result in self?.saved(result) })
      next = state.withLock { state in
        guard let value = state.unsaved else {
          state.isSaving = false
          return nil
        }
        state.unsaved = nil
        return value
      }
    }
  }

  private func saved(_ result: Result<Void, any Error>) {
    let box = state.withLock { state in
      switch result {
      case .success:
        state.saveError = nil
        state.loadError = nil
      case .failure(let error):
        state.saveError = error
      }
      return state.box
    }
    box?.touch()
  }

  override var isLoading: Bool { state.withLock { $0.isLoading } }
  override var loadError: (any Error)? { state.withLock { $0.loadError } }
  override var saveError: (any Error)? { state.withLock { $0.saveError } }

  override func load() async throws {
    setLoading(true)
    let result = await withCheckedContinuation { continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation("\(key)") { continuation.resume(returning: $0) })
    }
    receive(result, endsLoading: true)
    if case .failure(let error) = result { throw error }
  }

  override func save() async throws {
    guard let save, let box = state.withLock({ $0.box }) else { return }
    let value = box.currentValue
    let result = await withCheckedContinuation { continuation in
      save(
        value, .userInitiated,
        SaveContinuation("\(key)") { continuation.resume(returning: $0) })
    }
    saved(result)
    if case .failure(let error) = result { throw error }
  }
}
