import Testing

@testable import Injection

/// How a process's context is detected: previews as swift-dependencies detects them, then test
/// runners, then the app.
@Suite struct DependencyContextTests {
  @Test func anXcodePreviewGetsPreviewValues() {
    let context = DependencyContext.detect(
      arguments: ["/Users/blob/Library/Developer/Xcode/UserData/Previews/Simulator/App"],
      environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"])
    #expect(context == .preview)
  }

  @Test func aPreviewFlagOtherThanOneIsNotAPreview() {
    let context = DependencyContext.detect(
      arguments: ["/Applications/App"], environment: ["XCODE_RUNNING_FOR_PREVIEWS": "0"])
    #expect(context == .live)
  }

  @Test func testRunnersAreTests() {
    #expect(
      DependencyContext.detect(arguments: ["/build/debug/AppPackageTests.xctest"], environment: [:])
        == .test)
    #expect(
      DependencyContext.detect(
        arguments: ["/usr/bin/swiftpm-testing-helper", "--testing-library", "swift-testing"],
        environment: [:]) == .test)
    #expect(
      DependencyContext.detect(
        arguments: ["/Applications/Xcode.app/Contents/Developer/usr/bin/xctest"],
        environment: ["XCTestConfigurationFilePath": "/tmp/config"]) == .test)
  }

  @Test func anAppIsLive() {
    #expect(DependencyContext.detect(arguments: ["/usr/local/bin/app"], environment: [:]) == .live)
  }
}
