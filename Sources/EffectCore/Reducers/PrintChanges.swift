extension Reducer {
  /// Logs every action and the change it made to the state, as a line diff.
  ///
  /// ```swift
  /// Feature().printChanges()                        // to standard error
  /// Feature().printChanges { line in log.append(line) }
  /// ```
  ///
  /// The diff is the one ``TestStore`` prints. A reducer without the modifier pays nothing.
  ///
  /// - Returns: A reducer that logs to standard error and then behaves like this one.
  public consuming func printChanges() -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self) { StandardError.write($0 + "\n") }
  }

  /// Logs every action and the change it made to the state, as a line diff, to a closure.
  ///
  /// - Parameter printer: Receives each report.
  /// - Returns: A reducer that logs and then behaves like this one.
  public consuming func printChanges(
    _ printer: @escaping (String) -> Void
  ) -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self, printer: printer)
  }
}

/// A reducer that logs its changes; see ``Reducer/printChanges(_:)``.
public struct PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: (String) -> Void

  /// Runs the base reducer and logs the action and the state diff.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = Dump.lines(state)
    let effect = base.reduce(into: &state, action: action)
    let after = Dump.lines(state)
    let change = before == after ? "  (No state changes)" : LineDiff.diff(before, after)
    printer("received action:\n" + Dump.string(action).indented + "\n" + change)
    return effect
  }
}

extension String {
  fileprivate var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
      separator: "\n")
  }
}
