// The one XCTest case of the suite: it checks that EffectCore, which does not link XCTest,
// records a test store's failure in the running XCTest case, once, at the call's file and line.
// Checked with Linux's XCTest, whose entry points EffectCore looks up.
#if os(Linux)
  import EffectCore
  import XCTest

  final class XCTestReportingTests: XCTestCase {
    private var isCapturing = false
    private var captured: [(description: String, file: String, line: Int)] = []
    private var expectedLine = 0

    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard isCapturing else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      captured.append((description, filePath, lineNumber))
    }

    /// Ends by throwing what the failing assertion threw: XCTest must not record it again,
    /// which `tearDown` checks.
    @MainActor
    func testAFailingSendIsRecordedOnceAtItsLine() async throws {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      isCapturing = true
      expectedLine = #line + 1
      try await store.send(.increment) { $0.count = 2 }
    }

    override func tearDown() {
      isCapturing = false
      XCTAssertEqual(captured.count, 1, "\(captured)")
      XCTAssertEqual(captured.first?.line, expectedLine)
      XCTAssertEqual(
        captured.first.map { $0.file.hasSuffix("EffectCoreTests/XCTestReportingTests.swift") },
        true)
      XCTAssertEqual(
        captured.first?.description.contains("A state change does not match expectation"), true)
      super.tearDown()
    }
  }
#endif
