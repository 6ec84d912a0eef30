import SharedState

/// The app's one shared setting: whether a timer that reaches zero rings the terminal bell.
struct BellKey: SharedStateKey {
  static let defaultValue = true
}
