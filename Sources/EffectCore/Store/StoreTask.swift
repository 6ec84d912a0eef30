/// The effects started by one ``Store/send(_:)``: await them, or cancel them.
///
/// ```swift
/// await store.send(.refresh).finish()   // returns when the refresh effect is done
/// ```
public struct StoreTask: Sendable {
  let handles: [EffectHandle]

  init(handles: [EffectHandle]) {
    self.handles = handles
  }

  /// Waits until every effect of the send has finished.
  public func finish() async {
    for handle in handles { await handle.wait() }
  }

  /// Cancels every effect of the send.
  public func cancel() {
    for handle in handles { handle.cancel() }
  }

  /// Whether every effect of the send has returned.
  var isFinished: Bool {
    handles.allSatisfy(\.isFinished)
  }

  /// Whether the send's effects were all cancelled; `true` when it started none.
  public var isCancelled: Bool {
    handles.allSatisfy(\.isCancelled)
  }
}
