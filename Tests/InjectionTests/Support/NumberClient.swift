import Injection

/// A client split as an interface module would split it: the type, its key and its test value
/// here; its live value in `NumberClientLive.swift`, standing for another module.
struct NumberClient: Sendable {
  var fetch: @Sendable (Int) async throws -> [Int]
  var count: @Sendable () -> Int
}

extension NumberClient {
  static let unimplemented = NumberClient(
    fetch: Injection.unimplemented("NumberClient.fetch", placeholder: []),
    count: Injection.unimplemented("NumberClient.count", placeholder: -1)
  )
}

enum NumberClientKey: TestDependencyKey {
  static let testValue = NumberClient.unimplemented
}

/// A key whose live value no module provides.
enum InterfaceOnlyKey: TestDependencyKey {
  static let testValue = "test"
  static let previewValue = "preview"
}

extension DependencyValues {
  var numbers: NumberClient {
    get { self[NumberClientKey.self] }
    set { self[NumberClientKey.self] = newValue }
  }
  var interfaceOnly: String {
    get { self[InterfaceOnlyKey.self] }
    set { self[InterfaceOnlyKey.self] = newValue }
  }
}
