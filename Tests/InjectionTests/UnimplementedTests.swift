import Injection
import Testing

/// `unimplemented(…)` endpoints: a call fails the test, names the endpoint, and goes on.
@MainActor
@Suite struct UnimplementedTests {
  struct Client: Sendable {
    var load: @Sendable (Int, String) async throws -> String
    var delete: @Sendable (Int) async throws -> Void
    var isOn: @Sendable () -> Bool
  }

  @Test func anEndpointThatReturnsNothingNeedsNoPlaceholder() async throws {
    let log: @Sendable (String) -> Void = unimplemented("Client.log")
    let save: @Sendable (Int) async -> Void = unimplemented("Client.save")
    let issues = LockIsolated<[String]>([])
    withKnownIssue {
      log("hello")
    } matching: { issue in
      issues.withLock { $0.append("\(issue)") }
      return true
    }
    await withKnownIssue {
      await save(7)
    } matching: { issue in
      issues.withLock { $0.append("\(issue)") }
      return true
    }
    // Each failure names the endpoint and what it was called with.
    #expect(issues.value.count == 2)
    #expect(issues.value.first?.contains("'Client.log' was called with \"hello\"") == true)
    #expect(issues.value.last?.contains("'Client.save' was called with 7") == true)
  }

  @Test func aThrowingEndpointThatReturnsNothingStillThrows() async {
    let delete: @Sendable (Int) async throws -> Void = unimplemented("Client.delete")
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure(description: "Client.delete")) {
        try await delete(1)
      }
    }
  }

  @Test func aThrowingEndpointFailsTheTestThenThrows() async {
    let client = Client(
      load: unimplemented("Client.load"), delete: unimplemented("Client.delete"),
      isOn: unimplemented("Client.isOn", placeholder: false))
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure(description: "Client.delete")) {
        try await client.delete(1)
      }
    } matching: {
      "\($0)".contains("'Client.delete' was called")
    }
    withKnownIssue {
      #expect(client.isOn() == false)
    }
  }

  struct Feature: Reducer {
    struct State: Equatable { var isOn = false }
    enum Action: Equatable { case check }
    let client: Client
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.isOn = client.isOn()
      return .none
    }
  }

  @Test func insideATestStoreTheNextAssertionThrows() async throws {
    let client = Client(
      load: unimplemented("Client.load"), delete: unimplemented("Client.delete"),
      isOn: unimplemented("Client.isOn", placeholder: true))
    let store = TestStore(initialState: Feature.State()) { Feature(client: client) }
    let failure = try await TestStoreFailure.collect {
      try await store.send(.check) { $0.isOn = true }
    }.first
    #expect(failure?.message.contains("Unimplemented: 'Client.isOn' was called") == true)
    try await store.finish()
  }
}

@Suite struct UnimplementedValueTests {
  @Test func anUnimplementedValueFailsWhenReadAndGivesThePlaceholder() {
    withDependencies {
      $0 = .test
    } operation: {
      @Dependency(\.optionalFlag) var flag
      withKnownIssue {
        #expect(flag == nil)
      } matching: { issue in
        "\(issue)".contains(#"Unimplemented: '@Dependency(\.optionalFlag)' was used"#)
      }
    }
  }

  @Test func anOptionalDependencyTakesNilAndAValue() {
    for value in [nil, ""] as [String?] {
      withDependencies {
        $0.optionalFlag = value
      } operation: {
        @Dependency(\.optionalFlag) var flag
        #expect(flag == value)
      }
    }
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.optionalFlag) var flag
      #expect(flag == "live")
    }
  }

  @Test func closureEndpointsStillPickTheClosureForm() {
    let fetch: @Sendable (Int) -> [Int] = unimplemented("Client.fetch", placeholder: [])
    withKnownIssue { #expect(fetch(1) == []) }
  }
}

private enum OptionalFlagKey: DependencyKey {
  static let liveValue: String? = "live"
  static var testValue: String? {
    unimplemented(#"@Dependency(\.optionalFlag)"#, placeholder: nil)
  }
}

extension DependencyValues {
  fileprivate var optionalFlag: String? {
    get { self[OptionalFlagKey.self] }
    set { self[OptionalFlagKey.self] = newValue }
  }
}
