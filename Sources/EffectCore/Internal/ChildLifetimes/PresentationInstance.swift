import Synchronization

/// Presented state that is a new presentation each time it is made, even when it equals another:
/// an alert shown again in answer to one of its own buttons is a new alert, which the button's
/// dismissal must not close (TCA's alerts have a fresh `UUID` each for this).
protocol PresentationInstance {
  var instance: PresentationInstanceID { get }
}

/// Tells apart the values of a ``PresentationInstance`` type made by separate initializer calls;
/// copies share it.
struct PresentationInstanceID: Hashable, Sendable {
  private let number: Int

  private static let made = Atomic<Int>(0)

  /// An id no value made before has.
  static func next() -> Self {
    Self(number: made.add(1, ordering: .relaxed).newValue)
  }
}
