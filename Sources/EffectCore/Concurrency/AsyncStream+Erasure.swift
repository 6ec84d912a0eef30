extension AsyncStream {
  /// Wraps any `Sendable` async sequence of the same elements in a stream: for a dependency
  /// whose interface returns an `AsyncStream`, fed by a sequence of another type.
  ///
  /// ```swift
  /// static let liveValue = Self(events: { AsyncStream(source.events.map(Event.init)) })
  /// ```
  ///
  /// The sequence's iterator is made when the stream is first iterated. An error the sequence
  /// throws ends the stream, as in swift-concurrency-extras.
  ///
  /// - Parameter sequence: The sequence.
  public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
    let iterator = SequenceIterator(sequence)
    self.init(unfolding: { try? await iterator.next() })
  }

  /// A stream that never produces a value and never finishes: iterating it waits until its task
  /// is cancelled. For a dependency's test value that must stay silent without ending.
  ///
  /// ```swift
  /// static let testValue = Self(events: { .never })
  /// ```
  public static var never: Self {
    Self { _ in }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// Wraps any `Sendable` async sequence of the same elements in a throwing stream; the errors
  /// the sequence throws come through.
  ///
  /// - Parameter sequence: The sequence.
  public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
    let iterator = SequenceIterator(sequence)
    self.init(unfolding: { try await iterator.next() })
  }

  /// A throwing stream that never produces a value and never finishes.
  public static var never: Self {
    Self { _ in }
  }
}

extension AsyncSequence {
  /// Erases the sequence to an `AsyncStream`, as swift-concurrency-extras does.
  ///
  /// ```swift
  /// let stream: AsyncStream<Int> = numbers.map { $0 * 2 }.eraseToStream()
  /// ```
  ///
  /// An error the sequence throws ends the stream. A sequence that is not `Sendable` can be
  /// wrapped in ``UncheckedSendable`` first.
  ///
  /// - Returns: The stream.
  public func eraseToStream() -> AsyncStream<Element> where Self: Sendable {
    AsyncStream(self)
  }

  /// Erases the sequence to an `AsyncThrowingStream`; its errors come through.
  ///
  /// - Returns: The throwing stream.
  public func eraseToThrowingStream() -> AsyncThrowingStream<Element, any Error>
  where Self: Sendable {
    AsyncThrowingStream(self)
  }
}

/// A sequence's iterator, made when first asked for an element. A stream asks one element at a
/// time, so the iterator is never used by two tasks at once; the lock guards its creation and
/// makes its hand-over between tasks visible.
private final class SequenceIterator<S: AsyncSequence & Sendable>: @unchecked Sendable {
  private let sequence: S
  private let iterator = LockIsolated<S.AsyncIterator?>(nil)

  init(_ sequence: S) {
    self.sequence = sequence
  }

  func next() async throws -> S.Element? {
    var current = iterator.withLock { $0.take() } ?? sequence.makeAsyncIterator()
    defer { iterator.withLock { [current] in $0 = current } }
    return try await current.next()
  }
}
