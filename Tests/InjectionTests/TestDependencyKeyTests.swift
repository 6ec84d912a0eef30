import Injection
import Testing

/// A client's interface and test value in one module (`TestDependencyKey`), its live value in
/// another (`extension Key: DependencyKey`), as with swift-dependencies.
@Suite struct TestDependencyKeyTests {
  @Test func eachContextGetsItsValue() async throws {
    let live = try await withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.numbers) var numbers
      return try await numbers.fetch(3)
    }
    #expect(live == [3, 4])
    // The preview value defaults to the live value once the key is a DependencyKey.
    let preview = withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.numbers) var numbers
      return numbers.count()
    }
    #expect(preview == 2)
    #expect(InterfaceOnlyKey.previewValue == "preview")
  }

  @Test func aTestValueAloneIsEnough() {
    @Dependency(\.interfaceOnly) var value
    #expect(value == "test")
    @Dependency(InterfaceOnlyKey.self) var byKey
    #expect(byKey == "test")
  }

  enum TestOnly: TestDependencyKey { static let testValue = 7 }

  @Test func thePreviewValueDefaultsToTheTestValue() {
    #expect(TestOnly.previewValue == 7)
  }

  @Test func aKeyWithoutItsLiveModuleWarnsInTheAppAndUsesTheTestValue() {
    let warnings = LockIsolated<[String]>([])
    let value = RuntimeWarning.$handler.withValue(
      { message in warnings.withLock { $0.append(message) } },
      operation: {
        withDependencies {
          $0.context = .live
        } operation: {
          @Dependency(\.interfaceOnly) var value
          return value
        }
      })
    #expect(value == "test")
    let message = warnings.withLock { $0 }.joined()
    #expect(message.contains("'InterfaceOnlyKey' has no live value"))
    #expect(message.contains("extension InterfaceOnlyKey: DependencyKey"))
  }

  @Test func theUnimplementedTestValueFailsTheTestAndReturnsItsPlaceholder() async throws {
    @Dependency(\.numbers) var numbers
    var fetched: [Int]?
    await withKnownIssue {
      fetched = try? await numbers.fetch(1)
    } matching: { issue in
      "\(issue)".contains("Unimplemented: 'NumberClient.fetch' was called")
    }
    #expect(fetched == [])
    withKnownIssue {
      #expect(numbers.count() == -1)
    } matching: {
      "\($0)".contains("NumberClient.count")
    }
  }

  @Test func anOverrideReplacesOneEndpoint() async throws {
    let fetched = try await withDependencies {
      $0.numbers.fetch = { [$0 * 10] }
    } operation: {
      @Dependency(\.numbers) var numbers
      return try await numbers.fetch(2)
    }
    #expect(fetched == [20])
  }
}
