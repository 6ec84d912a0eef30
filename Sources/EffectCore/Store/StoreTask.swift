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

  /// Waits until every effect of the send has finished. Subscriptions
  /// (``Effect/subscribe(_:)``) are not waited for.
  ///
  /// Cancelling the task that waits cancels the effects, as TCA's does: tie an effect to a
  /// view's lifetime with SwiftUI's `.task` modifier, which cancels its task when the view goes
  /// away.
  ///
  /// ```swift
  /// .task { await store.send(.onAppear).finish() }
  /// ```
  public func finish() async {
    await withTaskCancellationHandler {
      for handle in handles { await handle.wait() }
    } onCancel: {
      cancel()
    }
  }

  /// Cancels every effect of the send, subscriptions included.
  public func cancel() {
    for handle in handles { handle.cancel() }
  }

  /// Whether every effect of the send has returned; subscriptions do not count.
  var isFinished: Bool {
    handles.allSatisfy(\.isSettled)
  }

  /// Whether the send's effects were all cancelled; `true` when it started none.
  public var isCancelled: Bool {
    handles.allSatisfy(\.isCancelled)
  }
}
