@testable import SharedState

extension ParentState {
  /// How many children observe this parent, plus whether the parent listens to their writes:
  /// what tests check to see that observation ends with the child.
  var observers: Int { channel?.subscriberCount ?? 0 }
}
