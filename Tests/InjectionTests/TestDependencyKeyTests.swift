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

  @Test func aKeyWithoutItsLiveModuleFailsTheTestAndUsesTheTestValue() {
    // As swift-dependencies: in a test, the live context's missing value is a test failure.
    var value: String?
    withKnownIssue {
      value = withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.interfaceOnly) var value
        return value
      }
    } matching: { issue in
      "\(issue)".contains("'InterfaceOnlyKey' has no live value")
        && "\(issue)".contains("extension InterfaceOnlyKey: DependencyKey")
    }
    #expect(value == "test")
  }

  @Test func aKeyWithoutItsLiveModuleWarnsInTheApp() async {
    // Outside any test (a detached task inherits no test), it is a runtime warning.
    let warnings = LockIsolated<[String]>([])
    let value = await Task.detached {
      RuntimeWarning.$handler.withValue(
        { message in warnings.withLock { $0.append(message) } },
        operation: {
          withDependencies {
            $0 = DependencyValues()
            $0.context = .live
          } operation: {
            @Dependency(\.interfaceOnly) var value
            return value
          }
        })
    }.value
    #expect(value == "test")
    #expect(warnings.withLock { $0 }.joined().contains("'InterfaceOnlyKey' has no live value"))
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
