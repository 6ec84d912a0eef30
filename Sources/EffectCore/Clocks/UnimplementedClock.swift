/// A clock that fails the test whenever it is used, for a dependency that a test says must not
/// read the time or sleep: swift-clocks' `UnimplementedClock`.
///
/// ```swift
/// let store = TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
///   $0.continuousClock = UnimplementedClock()   // or .unimplemented()
/// }
/// ```
///
/// Each use (`now`, `minimumResolution`, `sleep`) records "Unimplemented: Clock.sleep" (with the
/// clock's name) as a failure of the running test, at the place the clock was made, then does
/// what the clock it wraps does: by default an ``ImmediateClock``, so the code under test goes on.
/// Outside a test the message goes to standard error.
public struct UnimplementedClock<Duration: DurationProtocol & Hashable & Sendable>: Clock {
  /// A point in the wrapped clock's time.
  public typealias Instant = AnyClock<Duration>.Instant

  private let base: AnyClock<Duration>
  private let name: String
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// Wraps a clock, failing the test on each use before using it.
  ///
  /// - Parameters:
  ///   - base: The clock that does the work after each failure.
  ///   - name: The name in the failure message: the clock's type by default.
  ///   - fileID: Where the failure is reported.
  ///   - filePath: Where the failure is reported.
  ///   - line: Where the failure is reported.
  ///   - column: Where the failure is reported.
  public init<C: Clock>(
    _ base: C,
    name: String = "\(C.self)",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where C.Duration == Duration {
    self.base = AnyClock(base)
    self.name = name
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// An unimplemented clock over an immediate clock.
  ///
  /// - Parameters:
  ///   - name: The name in the failure message.
  ///   - now: The immediate clock's start.
  ///   - fileID: Where the failure is reported.
  ///   - filePath: Where the failure is reported.
  ///   - line: Where the failure is reported.
  ///   - column: Where the failure is reported.
  public init(
    name: String = "Clock",
    now: ImmediateClock<Duration>.Instant = .init(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      ImmediateClock(now: now), name: name, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Fails the test, then returns the wrapped clock's time.
  public var now: Instant {
    fail("now")
    return base.now
  }

  /// Fails the test, then returns the wrapped clock's resolution.
  public var minimumResolution: Duration {
    fail("minimumResolution")
    return base.minimumResolution
  }

  /// Fails the test, then sleeps on the wrapped clock.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Passed to the wrapped clock.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    fail("sleep")
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  private func fail(_ member: String) {
    let message = "Unimplemented: \(name).\(member)"
    if !TestIssue.record(message, fileID: fileID, filePath: filePath, line: line, column: column) {
      StandardError.write("[EffectCore] \(message)\n")
    }
  }
}

extension UnimplementedClock where Duration == Swift.Duration {
  /// An unimplemented clock that measures time in `Duration`.
  ///
  /// - Parameters:
  ///   - name: The name in the failure message.
  ///   - fileID: Where the failure is reported.
  ///   - filePath: Where the failure is reported.
  ///   - line: Where the failure is reported.
  ///   - column: Where the failure is reported.
  public init(
    name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      name: name, now: .init(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Clock where Self == UnimplementedClock<Swift.Duration> {
  /// A clock that fails the test whenever it is used: ``UnimplementedClock``.
  ///
  /// ```swift
  /// $0.continuousClock = .unimplemented()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the failure is reported.
  ///   - filePath: Where the failure is reported.
  ///   - line: Where the failure is reported.
  ///   - column: Where the failure is reported.
  /// - Returns: The clock.
  public static func unimplemented(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    UnimplementedClock(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
