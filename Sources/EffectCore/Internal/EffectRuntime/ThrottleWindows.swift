/// The windows of `Effect.throttle`: per throttle id, when the current window opened and the
/// action waiting for its end.
final class ThrottleWindows: Sendable {
  enum Admission<Action, Instant> {
    /// Send the action now: the window it opens has been recorded.
    case now(Action)
    /// Send `action` at `deadline`, then ``open(id:at:)`` the next window.
    case at(Instant, Action)
  }

  private struct Window {
    var opened: Any
    var waiting: Any?
  }

  private let windows = LockIsolated<[AnyHashableSendable: Window]>([:])

  /// The windows of the store that owns `registry`: kept on the side, by the registry's identity,
  /// and dropped with it.
  static func of(_ registry: EffectRegistry?) -> ThrottleWindows {
    guard let registry else { return unowned }
    return owners.withLock { owners in
      owners.removeAll { $0.registry == nil }
      if let known = owners.first(where: { $0.registry === registry }) { return known.windows }
      let windows = ThrottleWindows()
      owners.append(Owner(registry: registry, windows: windows))
      return windows
    }
  }

  private struct Owner {
    weak var registry: EffectRegistry?
    let windows: ThrottleWindows
  }

  private static let owners = LockIsolated<[Owner]>([])
  /// Windows of effects run without a store (by hand, through `Send(send:)`).
  private static let unowned = ThrottleWindows()

  /// Decides when `action` goes out, as TCA's throttle does: at once when no window is open or
  /// the last one has ended, otherwise at the end of the open one, carrying the latest action or
  /// the first that waited.
  func admit<Action, Instant: InstantProtocol>(
    _ action: Action, id: AnyHashableSendable, at now: Instant, interval: Instant.Duration,
    latest: Bool
  ) -> Admission<Action, Instant> {
    windows.withLock { windows in
      guard let window = windows[id], let opened = window.opened as? Instant else {
        windows[id] = Window(opened: now, waiting: nil)
        return .now(action)
      }
      let chosen = latest ? action : (window.waiting as? Action ?? action)
      guard opened.duration(to: now) < interval else {
        windows[id] = Window(opened: now, waiting: nil)
        return .now(chosen)
      }
      windows[id]?.waiting = chosen
      return .at(opened.advanced(by: interval), chosen)
    }
  }

  /// Opens a window at `now`, after the waiting action went out.
  func open<Instant>(id: AnyHashableSendable, at now: Instant) {
    windows.withLock { $0[id] = Window(opened: now, waiting: nil) }
  }
}
