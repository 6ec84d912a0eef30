/// Reports misuse that the runtime can survive but should not stay silent about: an action for
/// a row that is gone, an effect error nobody caught.
///
/// In debug builds a warning goes to standard error, or to the handler in force; release builds
/// say nothing.
///
/// ```swift
/// let warnings = LockIsolated<[String]>([])
/// RuntimeWarning.$handler.withValue({ message in warnings.withLock { $0.append(message) } }) {
///   store.send(.rows(id: 42, action: .tap))   // no row 42: one warning
/// }
/// ```
public enum RuntimeWarning {
  /// Receives warnings instead of standard error, for tests and custom logging.
  @TaskLocal public static var handler: (@Sendable (String) -> Void)?

  /// Reports a warning (debug builds only).
  ///
  /// - Parameter message: What happened, where, and how to fix it.
  public static func report(_ message: @autoclosure () -> String) {
    #if DEBUG
      let text = message()
      if let handler {
        handler(text)
      } else {
        StandardError.write("[EffectCore] warning: \(text)\n")
      }
    #endif
  }

  /// The sites that reported a warning given with ``report(once:_:)``.
  private static let reportedSites = LockIsolated<Set<String>>([])

  /// Reports a warning the first time `site` reports one: a mistake in code that runs every
  /// frame (a view's scope, a binding) is reported once, not on every render.
  static func report(once site: String, _ message: @autoclosure () -> String) {
    #if DEBUG
      guard reportedSites.withLock({ $0.insert(site).inserted }) else { return }
      report(message())
    #endif
  }
}
