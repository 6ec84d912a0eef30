/// The effects started by one ``Store/send(_:)``, and by every action they send back,
/// transitively, as TCA's: await them, or cancel them.
///
/// ```swift
/// await store.send(.refresh).finish()   // returns when the refresh effect is done
/// ```
public struct StoreTask: Sendable {
  /// `nil` when the send started no effect.
  let tree: EffectTree?

  init(tree: EffectTree?) {
    self.tree = tree
  }

  /// The task of a send that started nothing.
  static var none: StoreTask { StoreTask(tree: nil) }

  /// Waits until every effect of the send has finished, with the effects of the actions they
  /// sent, and of the actions those sent. Subscriptions (``Effect/subscribe(_:)``) are not
  /// waited for.
  ///
  /// Cancelling the task that waits cancels the effects, as TCA's does: tie an effect to a
  /// view's lifetime with SwiftUI's `.task` modifier, which cancels its task when the view goes
  /// away.
  ///
  /// ```swift
  /// .task { await store.send(.onAppear).finish() }
  /// ```
  public func finish() async {
    guard let tree else { return }
    await withTaskCancellationHandler {
      await tree.wait()
    } onCancel: {
      tree.cancel()
    }
  }

  /// Cancels every effect of the send, subscriptions included, with the effects of the actions
  /// they sent; an action that one of them still manages to send starts its effects cancelled.
  public func cancel() {
    tree?.cancel()
  }

  /// Whether every effect of the send (and of what it sent) has returned; subscriptions do not
  /// count.
  var isFinished: Bool {
    tree?.isFinished ?? true
  }

  /// Whether the send's effects, and those of the actions they sent, were all cancelled; `true`
  /// when it started none.
  public var isCancelled: Bool {
    tree?.isCancelled ?? true
  }
}
