import Injection

/// Rings the terminal bell when a timer finishes, if the bell setting is on.
struct TerminalBell: Sendable {
  var ring: @Sendable () -> Void
}

extension DependencyValues {
  /// The bell a finished timer rings. Live: nothing until the app installs its terminal's bell;
  /// tests record rings.
  var terminalBell: TerminalBell {
    get { self[TerminalBellKey.self] }
    set { self[TerminalBellKey.self] = newValue }
  }
}

private enum TerminalBellKey: DependencyKey {
  static let liveValue = TerminalBell {}
  static let testValue = TerminalBell {}
}
