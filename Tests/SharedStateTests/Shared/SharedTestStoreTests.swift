import SharedState
import Testing

@MainActor
struct SharedTestStoreTests {
  @Test func aSharedChangeIsAssertedLikePlainState() async throws {
    let store = TestStore(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    try await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
    try await store.send(.openChild) { $0.child = SharedChild.State(count: $0.$count) }
    try await store.send(.child(.double)) { $0.$count.withLock { $0 = 4 } }
    #expect(store.state.count == 4)
    try await store.finish()
  }

  @Test func anUnassertedSharedChangeFailsWithADiff() async throws {
    let store = TestStore(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    let failures = try await TestStoreFailure.collect {
      try await store.send(.increment)
    }
    #expect(failures.count == 1)
    let failure = try #require(failures.first)
    #expect(failure.message.contains("no change was asserted"))
    #expect(failure.message.contains("-   count: 1,"))
    #expect(failure.message.contains("+   count: 2,"))
  }

  @Test func aWrongSharedExpectationFailsWithADiff() async throws {
    let store = TestStore(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    let failures = try await TestStoreFailure.collect {
      try await store.send(.increment) { $0.$count.withLock { $0 = 3 } }
    }
    #expect(failures.count == 1)
    let failure = try #require(failures.first)
    #expect(failure.message.contains("-   count: 3,"))
    #expect(failure.message.contains("+   count: 2,"))
    // The closure changed the expectation only: the shared value is the reducer's.
    #expect(store.state.count == 2)
  }

  @Test func aChangeMadeOutsideTheStoreMustBeAsserted() async throws {
    let count = Shared(value: 1)
    let store = TestStore(initialState: SharedParent.State(count: count)) { SharedParent() }
    count.withLock { $0 = 10 }
    let failures = try await TestStoreFailure.collect {
      try await store.send(.bumpPlain) { $0.plain = 1 }
    }
    #expect(failures.count == 1)
    let failure = try #require(failures.first)
    #expect(failure.message.contains("+   count: 10,"))
  }

  @Test func nonExhaustiveStoresAssertFromTheActualSharedValue() async throws {
    let store = TestStore(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    store.exhaustivity = .off
    try await store.send(.increment)
    try await store.send(.bumpPlain) { $0.plain = 1 }
    try await store.send(.increment) { $0.$count.withLock { $0 = 3 } }
  }

  @Test func aTestStoreCanStartFromAnInMemoryValue() async throws {
    try await withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var count = 5
      let store = TestStore(initialState: SharedParent.State(count: $count)) { SharedParent() }
      try await store.send(.increment) { $0.$count.withLock { $0 = 6 } }
      #expect(count == 6)
    }
  }

  @Test func receivedActionsAssertSharedChanges() async throws {
    let store = TestStore(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    try await store.send(.incrementTwiceLater)
    try await store.receive(.increment) { $0.$count.withLock { $0 = 2 } }
    try await store.receive(.bumpPlain) { $0.plain = 1 }
    try await store.finish()
  }

  @Test func aChangeMadeByAnActionASendEffectQueuedIsAssertedWhereItIsReceived() async throws {
    let store = TestStore(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    // `.send` is reduced before `send` returns, but its change belongs to its `receive`.
    try await store.send(.incrementAtOnce)
    try await store.receive(.increment) { $0.$count.withLock { $0 = 2 } }
    try await store.send(.incrementTwiceAtOnce)
    try await store.receive(.increment) { $0.$count.withLock { $0 = 3 } }
    try await store.receive(.bumpPlain) { $0.plain = 1 }
    try await store.receive(.increment) { $0.$count.withLock { $0 = 4 } }
    try await store.finish()
  }

  @Test func aSendAssertingTheChangeOfTheActionItQueuedFailsShowingTheValueItLeft() async throws {
    let store = TestStore(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    let failures = try await TestStoreFailure.collect {
      try await store.send(.incrementAtOnce) { $0.$count.withLock { $0 = 2 } }
    }
    #expect(failures.count == 1)
    let message = try #require(failures.first?.message)
    let lines = message.split(separator: "\n").map { $0.filter { $0 != " " } }
    #expect(lines.contains("-count:2,") && lines.contains("+count:1,"), "\(message)")
    try await store.receive(.increment) { $0.$count.withLock { $0 = 2 } }
  }

  @Test func skippedReceivedActionsLeaveTheSharedValuesTheyMade() async throws {
    let store = TestStore(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    try await store.send(.incrementTwiceAtOnce)
    await store.skipReceivedActions()
    try await store.send(.increment) { $0.$count.withLock { $0 = 4 } }
  }

  @Test func aNonExhaustiveStoreReceivesTheSharedValueEachActionLeft() async throws {
    let store = TestStore(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    store.exhaustivity = .off
    try await store.send(.incrementTwiceAtOnce)
    try await store.receive(.bumpPlain) { $0.$count.withLock { $0 = 2 } }
    try await store.receive(.increment) { $0.$count.withLock { $0 = 3 } }
  }

  @Test func twoTestStoresSharingAValueEachAssertTheChange() async throws {
    let count = Shared(value: 1)
    let first = TestStore(initialState: SharedParent.State(count: count)) { SharedParent() }
    let second = TestStore(initialState: SharedParent.State(count: count)) { SharedParent() }
    try await first.send(.increment) { $0.$count.withLock { $0 = 2 } }
    // The second store did not change it, but its state did change: it must say so too.
    let failures = try await TestStoreFailure.collect {
      try await second.send(.bumpPlain) { $0.plain = 1 }
    }
    #expect(failures.count == 1)
    try await second.send(.increment) { $0.$count.withLock { $0 = 3 } }
  }
}
