public import Injection

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#else
  public import Foundation
#endif

extension DependencyValues {
  /// The URL session to make requests with.
  ///
  /// ```swift
  /// @Dependency(\.urlSession) var urlSession
  /// let (data, _) = try await urlSession.data(from: url)
  /// ```
  ///
  /// Live: `URLSession.shared`. Test: a session whose every request fails the test and then
  /// fails with an error, so that a test never reaches the network unless it says how; a test
  /// overrides it with a session whose `URLProtocol` answers.
  ///
  /// It lives in the `InjectionFoundationNetworking` product: on Linux `URLSession` is in
  /// FoundationNetworking (with libcurl), which an app that never uses this dependency does not
  /// link.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self].session }
    set { self[URLSessionKey.self] = SendableSession(session: newValue) }
  }
}

private enum URLSessionKey: DependencyKey {
  static let liveValue = SendableSession(session: .shared)
  static var testValue: SendableSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [UnimplementedURLProtocol.self]
    return SendableSession(session: URLSession(configuration: configuration))
  }
}

/// A URL session, which is thread-safe but not marked `Sendable` on every platform.
private struct SendableSession: @unchecked Sendable {
  let session: URLSession
}

/// Answers every request of the test session with a test failure (where the loading thread can
/// reach the test), then with an error that says the same, which fails a test that does not
/// catch it.
private final class UnimplementedURLProtocol: URLProtocol {
  /// The error a request of the test session fails with.
  struct Unimplemented: Error, CustomStringConvertible {
    let request: String
    var description: String {
      "Unimplemented: '@Dependency(\\.urlSession)' has no test value, but a test made a request "
        + "(\(request)).\nTo fix it, override it: withDependencies { $0.urlSession = "
        + "URLSession(configuration: aConfigurationWithYourURLProtocol) } operation: { … }, or a "
        + "test trait."
    }
  }

  override class func canInit(with request: URLRequest) -> Bool { true }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let failure = Unimplemented(
      request: "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "no URL")")
    TestIssue.record(failure.description)
    client?.urlProtocol(self, didFailWithError: failure)
  }

  override func stopLoading() {}
}
