/// What a ``SharedReaderKey`` resumes once it has loaded a value: with the value, with the
/// initial value (there is none outside), or with an error.
///
/// Resume it exactly once. One that is never resumed is reported (a runtime warning) when it
/// goes away, and counts as returning the initial value.
public struct LoadContinuation<Value: Sendable>: Sendable {
  private let box: ContinuationBox<Value>

  /// A continuation that hands the result to `callback`.
  ///
  /// - Parameters:
  ///   - description: Names the key in the warning for a continuation never resumed.
  ///   - callback: Receives the value (`nil`: the initial value) or the error.
  public init(
    _ description: String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.box = ContinuationBox(description: description, callback: callback)
  }

  /// Resumes with the loaded value.
  public func resume(returning value: Value) { resume(with: .success(value)) }

  /// Resumes with an error: the value stays as it was, and the reference's `loadError` holds
  /// `error`.
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }

  /// Resumes with the initial value: there is no value outside.
  public func resumeReturningInitialValue() { resume(with: .success(nil)) }

  /// Resumes with `result`; `.success(nil)` is the initial value.
  public func resume(with result: Result<Value?, any Error>) { box.resume(with: result) }
}

/// What a ``SharedKey`` resumes once it has saved a value.
///
/// Resume it exactly once. One that is never resumed is reported (a runtime warning) when it
/// goes away.
public struct SaveContinuation: Sendable {
  private let box: ContinuationBox<Void>

  /// A continuation that hands the result to `callback`.
  ///
  /// - Parameters:
  ///   - description: Names the key in the warning for a continuation never resumed.
  ///   - callback: Receives the outcome of the save.
  public init(
    _ description: String = "",
    callback: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    self.box = ContinuationBox(description: description) { result in
      callback(result.map { _ in () })
    }
  }

  /// Resumes: the value is saved.
  public func resume() { box.resume(with: .success(())) }

  /// Resumes with an error: the reference's `saveError` holds it.
  public func resume(throwing error: any Error) { box.resume(with: .failure(error)) }

  /// Resumes with `result`.
  public func resume(with result: Result<Void, any Error>) {
    box.resume(with: result.map { Optional(()) })
  }
}

/// What a ``SharedReaderKey`` yields changes made outside to: a new value, the initial value (the
/// value outside is gone), an error, or whether it is loading.
public struct SharedSubscriber<Value: Sendable>: Sendable {
  private let callback: @Sendable (Result<Value?, any Error>) -> Void
  private let onLoading: (@Sendable (Bool) -> Void)?

  /// A subscriber that hands each change to `callback`, and each loading state to `onLoading`.
  ///
  /// - Parameters:
  ///   - callback: Receives each value (`nil`: the initial value) or error.
  ///   - onLoading: Receives whether the key is loading.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.callback = callback
    self.onLoading = onLoading
  }

  /// Gives every holder `value`.
  public func yield(_ value: Value) { yield(with: .success(value)) }

  /// Gives every holder the initial value: the value outside is gone.
  public func yieldReturningInitialValue() { yield(with: .success(nil)) }

  /// Reports an error: the value stays as it was, and `loadError` holds `error`.
  public func yield(throwing error: any Error) { yield(with: .failure(error)) }

  /// Yields `result`; `.success(nil)` is the initial value.
  public func yield(with result: Result<Value?, any Error>) { callback(result) }

  /// Says whether the key is loading a value (the holders' `isLoading`).
  public func yieldLoading(_ isLoading: Bool = true) { onLoading?(isLoading) }
}

/// Stops a ``SharedReaderKey``'s subscription: when cancelled, or when the last copy goes away.
public struct SharedSubscription: Sendable {
  private let box: Box

  /// A subscription that runs `cancel` once, when cancelled or released.
  ///
  /// - Parameter cancel: Stops telling the subscriber about changes.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.box = Box(cancel)
  }

  /// Stops the subscription; later calls do nothing.
  public func cancel() { box.cancel() }

  private final class Box: Sendable {
    private let onCancel: LockIsolated<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) {
      self.onCancel = LockIsolated(onCancel)
    }

    func cancel() {
      // Taken out first: the closure runs with no lock held.
      let onCancel = onCancel.withLock { onCancel in
        defer { onCancel = nil }
        return onCancel
      }
      onCancel?()
    }

    deinit { cancel() }
  }
}

/// The callback of a continuation, taken by the first resume.
private final class ContinuationBox<Value: Sendable>: Sendable {
  private let callback: LockIsolated<(@Sendable (Result<Value?, any Error>) -> Void)?>
  private let description: String

  init(description: String, callback: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    self.callback = LockIsolated(callback)
    self.description = description
  }

  func resume(with result: Result<Value?, any Error>) {
    guard let callback = take() else {
      RuntimeWarning.report(
        "\(keyName) resumed its continuation more than once: only the first resume counts.")
      return
    }
    callback(result)
  }

  private func take() -> (@Sendable (Result<Value?, any Error>) -> Void)? {
    callback.withLock { callback in
      defer { callback = nil }
      return callback
    }
  }

  private var keyName: String { description.isEmpty ? "A shared key" : "Shared key \(description)" }

  deinit {
    guard let callback = take() else { return }
    RuntimeWarning.report(
      "\(keyName) never resumed its continuation: call one of its resume methods exactly once. "
        + "It counts as returning the initial value.")
    callback(.success(nil))
  }
}
