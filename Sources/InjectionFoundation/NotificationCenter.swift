public import Foundation
public import Injection

extension DependencyValues {
  /// The notification center to post and observe on.
  ///
  /// ```swift
  /// @Dependency(\.notificationCenter) var notificationCenter
  /// notificationCenter.post(name: .documentSaved, object: nil)
  /// ```
  ///
  /// Live: `NotificationCenter.default`. Test: a new center for each test, so that notifications
  /// a test posts reach only the observers it added, never another test's or the system's.
  ///
  /// It lives in the `InjectionFoundation` product, not in `Injection`: on Linux
  /// `NotificationCenter` is in full Foundation (with its internationalization data), which an
  /// app that never uses this dependency does not link.
  public var notificationCenter: NotificationCenter {
    get { self[NotificationCenterKey.self].center }
    set { self[NotificationCenterKey.self] = SendableCenter(center: newValue) }
  }
}

private enum NotificationCenterKey: DependencyKey {
  static let liveValue = SendableCenter(center: .default)
  static var testValue: SendableCenter { SendableCenter(center: NotificationCenter()) }
}

/// A notification center, which is thread-safe but not marked `Sendable` on every platform.
private struct SendableCenter: @unchecked Sendable {
  let center: NotificationCenter
}
