import Foundation
import Injection

struct Greeter: Sendable {
  var greet: @Sendable (String) -> String
}

enum GreeterKey: DependencyKey {
  static let liveValue = Greeter { "Hello, \($0)" }
  static let testValue = Greeter { "Test, \($0)" }
}

/// A key without a test value.
enum NoTestValueKey: DependencyKey {
  static let liveValue = 42
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
  var noTestValue: Int {
    get { self[NoTestValueKey.self] }
    set { self[NoTestValueKey.self] = newValue }
  }
}

/// Counts how many times factories ran.
final class Counter: Sendable {
  private let count = LockIsolated(0)
  func increment() -> Int {
    count.withLock {
      $0 += 1
      return $0
    }
  }
  var value: Int { count.withLock { $0 } }
}
