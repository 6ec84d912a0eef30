extension Shared {
  /// The value now, then the value after every later change, in order, as an `AsyncSequence`: the
  /// counterpart, without Combine, of swift-sharing's `$shared.publisher.values`.
  ///
  /// ```swift
  /// // An effect that follows a shared value until its task is cancelled.
  /// return .run { [count = state.$count] send in
  ///   for await count in count.asyncValues {
  ///     await send(.countChanged(count))
  ///   }
  /// }
  /// ```
  ///
  /// Every change is told, whoever made it: a `withLock` through any holder, on any thread, or
  /// the key (a file written by another program, a key's subscription). The sequence ends when
  /// the task iterating it is cancelled; while it is iterated it keeps the value alive, and with
  /// it its key's subscription. Changes the task has not read yet wait in the sequence, in order.
  ///
  /// A member reference (`$user.name.asyncValues`) tells the member after every change of the
  /// whole value, changed or not, as swift-sharing's publisher does. Named `asyncValues`, not
  /// `values`: a member of the value (a dictionary's `values`) is reached as
  /// `$dictionary.values`, and this name is not one a value is likely to have.
  public var asyncValues: AsyncStream<Value> {
    let reference = self.reference
    return AsyncStream { continuation in
      let listening = reference.listen { continuation.yield($0) }
      continuation.onTermination = { _ in listening.cancel() }
    }
  }
}

extension SharedReader {
  /// The value now, then the value after every later change, in order, as an `AsyncSequence`,
  /// as ``Shared/asyncValues`` (a reader of a closure, `$count.read { $0 > 0 }`, tells what the
  /// closure makes of each value).
  ///
  /// ```swift
  /// for await count in SharedReader($count).asyncValues {
  ///   print(count)
  /// }
  /// ```
  public var asyncValues: AsyncStream<Value> {
    let reader = self
    return AsyncStream { continuation in
      let listening = reader.listen { continuation.yield($0) }
      continuation.onTermination = { _ in listening.cancel() }
    }
  }
}
