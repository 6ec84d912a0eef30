@_spi(Contexts) import EffectCore

/// Reports misuse of shared state: inside a test store it fails the next assertion, elsewhere
/// debug builds print a runtime warning.
enum SharedStateIssue {
  static func reportWriteOutsideParent<Key: SharedStateKey>(
    key: Key.Type, value: Key.Value, fileID: StaticString, line: UInt
  ) {
    let message =
      "parentState[\(Key.self).self] was set to \(value) at \(fileID):\(line), but no parent "
      + "shares '\(Key.self)' here, so the value went nowhere.\n"
      + "To fix it, do one of two things:\n"
      + "  • Run this feature inside its parent's 'WithParentState(\\.$…) { … }', with a "
      + "'@ParentState<\(Key.self)>' in the parent's state.\n"
      + "  • In a test or a preview without a parent, provide the value: "
      + "'withDependencies { $0.sharedState(\(Key.self).self, …) }', or "
      + "'TestStore(…) { … } withDependencies: { $0.sharedState(\(Key.self).self, …) }'."
    guard !TestIssue.handOver(message) else { return }
    RuntimeWarning.report(message)
  }
}
