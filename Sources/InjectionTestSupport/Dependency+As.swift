public import Injection

extension Dependency {
  /// Reads a dependency as the concrete type a test set it to: a `TestClock` where the feature
  /// sees `any Clock<Duration>`.
  ///
  /// ```swift
  /// @Suite(.dependency(\.continuousClock, TestClock()))
  /// struct TimerTests {
  ///   @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock
  ///
  ///   @Test func ticks() async { await clock.advance(by: .seconds(1)) }
  /// }
  /// ```
  ///
  /// A value of another type stops the test process with a message naming both types and how
  /// to set the dependency: a test that cannot cast its clock cannot go on.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on `DependencyValues`.
  ///   - type: The concrete type to read it as.
  public init<Existential>(
    _ keyPath: any KeyPath<DependencyValues, Existential> & Sendable,
    as type: Value.Type
  ) {
    self.init(reading: { values in
      cast(values[keyPath: keyPath], to: Value.self, setting: "$0.\(propertyName(keyPath))")
    })
  }

  /// Reads the dependency of a key as the concrete type a test set it to.
  ///
  /// - Parameters:
  ///   - key: The dependency's key.
  ///   - type: The concrete type to read it as.
  public init<Key: TestDependencyKey>(_ key: Key.Type, as type: Value.Type) {
    self.init(reading: { values in
      cast(values[Key.self], to: Value.self, setting: "$0[\(Key.self).self]")
    })
  }
}

private func cast<Existential, Concrete>(
  _ value: Existential, to _: Concrete.Type, setting property: @autoclosure () -> String
) -> Concrete {
  if let value = value as? Concrete { return value }
  fatalError(
    "@Dependency(…, as: \(Concrete.self).self) found a '\(type(of: value as Any))', not a "
      + "'\(Concrete.self)'. To fix it, set the dependency in the test or its suite:\n"
      + "  @Suite(.dependencies { \(property()) = \(Concrete.self)(…) })")
}

/// The property a key path names, as `continuousClock`, for messages.
private func propertyName(_ keyPath: AnyKeyPath) -> String {
  let description = "\(keyPath)"
  guard let dot = description.firstIndex(of: ".") else { return "<property>" }
  return String(description[description.index(after: dot)...])
}
