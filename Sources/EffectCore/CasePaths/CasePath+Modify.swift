extension Equatable {
  /// Changes the payload of one case of enum state in place: TCA's `state.modify(\.loggedIn)`,
  /// for reducers and for test store assertions.
  ///
  /// ```swift
  /// // In a reducer:
  /// state.modify(/State.loggedIn) { $0.email = "blob@pointfree.co" }
  ///
  /// // In a test:
  /// try await store.send(.loggedIn(.emailChanged("blob@pointfree.co"))) {
  ///   $0.modify(/App.State.loggedIn) { $0.email = "blob@pointfree.co" }
  /// }
  /// ```
  ///
  /// When the value is in another case, nothing changes and the mistake is reported: inside a
  /// test store as a failure of its next assertion, elsewhere as a runtime warning.
  ///
  /// - Parameters:
  ///   - path: The case.
  ///   - body: Changes the case's payload.
  ///   - fileID: Where the call is, for the report.
  ///   - line: Where the call is, for the report.
  public mutating func modify<Value>(
    _ path: CasePath<Self, Value>,
    _ body: (inout Value) throws -> Void,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) rethrows {
    guard var value = path.extract(from: self) else {
      let message =
        "'modify' at \(fileID):\(line) could not change \(Dump.typeName(Self.self)) through "
        + "\(path): the value is in another case, \(Dump.string(self)). Nothing was changed.\n"
        + "Check the case before changing it, or set the whole value ('$0 = .case(…)')."
      if !TestIssue.handOver(message) { RuntimeWarning.report(message) }
      return
    }
    try body(&value)
    self = path.embed(value)
  }
}
