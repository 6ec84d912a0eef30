#if canImport(FoundationEssentials)
  import FoundationEssentials
#elseif canImport(Foundation)
  import Foundation
#endif

/// Where code is running, which decides the default value of every dependency.
///
/// ```swift
/// withDependencies { $0.context = .preview } operation: { ... }
/// ```
public enum DependencyContext: Sendable, Equatable {
  /// The running app: dependencies default to their `liveValue`.
  case live
  /// A preview: dependencies default to their `previewValue`.
  case preview
  /// A test: dependencies default to their `testValue`.
  case test

  /// The context of this process: `.preview` in an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS`
  /// is `1`, as swift-dependencies checks), `.test` when it runs tests (XCTest or Swift Testing,
  /// on Linux and Apple platforms), `.live` otherwise.
  public static let detected: DependencyContext = {
    #if canImport(FoundationEssentials) || canImport(Foundation)
      let environment = ProcessInfo.processInfo.environment
    #else
      let environment: [String: String] = [:]
    #endif
    return detect(arguments: CommandLine.arguments, environment: environment)
  }()

  /// The context of a process started with `arguments` and `environment`.
  static func detect(arguments: [String], environment: [String: String]) -> DependencyContext {
    if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
    return isRunningTests(arguments: arguments, environment: environment) ? .test : .live
  }
}

/// Whether this process is a test runner: the test bundle is the executable (`swift test` on
/// Linux runs `…PackageTests.xctest`), or a runner loaded it (`xctest` and SwiftPM's testing
/// helper on Apple platforms, which name the bundle in their arguments or environment).
private func isRunningTests(arguments: [String], environment: [String: String]) -> Bool {
  if let executable = arguments.first?.split(separator: "/").last,
    executable.hasSuffix(".xctest") || executable == "xctest"
      || executable == "swiftpm-testing-helper"
  {
    return true
  }
  if arguments.contains(where: { $0.hasSuffix(".xctest") || $0 == "--testing-library" }) {
    return true
  }
  return environment["XCTestConfigurationFilePath"] != nil
    || environment["XCTestBundlePath"] != nil || environment["XCTestSessionIdentifier"] != nil
}
