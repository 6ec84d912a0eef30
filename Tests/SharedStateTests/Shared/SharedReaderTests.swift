import SharedState
import Testing

/// Read-only views of shared values.
@MainActor
struct SharedReaderTests {
  @Test func aReaderOfASharedReadsItsChanges() {
    // swift-sharing's `reader` test.
    @Shared(value: 0) var count: Int
    @SharedReader var readOnly: Int
    _readOnly = SharedReader($count)
    $count.withLock { $0 = 1 }
    #expect(readOnly == 1)
  }

  @Test func aReaderOfAValueOfItsOwn() {
    let reader = SharedReader(value: 3)
    #expect(reader.wrappedValue == 3)
    #expect(!reader.isLoading)
    #expect(reader.loadError == nil)
  }

  @Test func aReadOnlyMemberIsAReader() {
    struct User: Sendable {
      let id: Int
      var name: String
    }
    @Shared(value: User(id: 1, name: "Blob")) var user: User
    let id: SharedReader<Int> = $user.id
    let name: SharedReader<String> = SharedReader($user).name
    $user.withLock { $0 = User(id: 2, name: "Blob Jr.") }
    #expect(id.wrappedValue == 2)
    #expect(name.wrappedValue == "Blob Jr.")
  }

  @Test func aKeyedReaderSharesTheKeysValue() {
    @Shared(.inMemory("count")) var count = 1
    @SharedReader(.inMemory("count")) var reader = 99
    #expect(reader == 1)
    $count.withLock { $0 = 2 }
    #expect(reader == 2)
  }

  @Test func aReaderInAFeaturesStateIsAssertedByATestStore() async throws {
    struct Feature: Reducer {
      struct State: Equatable {
        @Shared var count: Int
        @SharedReader var shown: Int
      }
      enum Action: Equatable { case increment }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.$count.withLock { $0 += 1 }
        return .none
      }
    }
    let count = Shared(value: 0)
    let store = TestStore(initialState: Feature.State(count: count, shown: SharedReader(count))) {
      Feature()
    }
    try await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    #expect(store.state.shown == 1)
  }

  @Test func anOptionalReaderUnwraps() {
    let base = Shared<Int?>(value: 1)
    #expect(SharedReader(SharedReader(Shared<Int?>(value: nil))) == nil)
    let reader = SharedReader(SharedReader(base))
    base.withLock { $0 = 2 }
    #expect(reader?.wrappedValue == 2)
    base.withLock { $0 = nil }
    #expect(reader?.wrappedValue == 2)
  }

  @Test func aReaderOfWhatAClosureMakesOfTheValue() {
    // swift-sharing's `mapReader` test.
    @Shared(value: 0) var count: Int
    @SharedReader var isZero: Bool
    _isZero = $count.read { $0 == 0 }
    #expect(isZero)
    $count.withLock { $0 += 1 }
    #expect(!isZero)
    $count = Shared(value: 0)
    #expect(!isZero)
  }

  @Test func aRequiredReaderNeedsAValue() async throws {
    do {
      @SharedReader(.inMemory("count")) var count = 10
      _ = count
    }
    let count = try await SharedReader<Int>(require: .inMemory("count"))
    #expect(count.wrappedValue == 10)
    await #expect(throws: SharedLoadError.self) {
      try await SharedReader<Int>(require: .inMemory("nothing"))
    }
    await #expect(throws: SharedLoadError.self) {
      try await Shared<Int>(require: .inMemory("nothing"))
    }
  }

  @Test func assigningTheProjectedValueRebindsEveryCopyOfAReader() {
    @SharedReader(value: 1) var count: Int
    let copy = $count
    $count = SharedReader(value: 2)
    #expect(copy.wrappedValue == 2)
  }

  @Test func loadingAnotherKeyRebindsAndReads() async throws {
    @Shared(.inMemory("other")) var other = 5
    @SharedReader(value: 0) var reader: Int
    let copy = $reader
    try await $reader.load(.inMemory("other"))
    #expect(reader == 5)
    #expect(copy.wrappedValue == 5)
    @Shared(value: 0) var writer: Int
    try await $writer.load(.inMemory("other"))
    $writer.withLock { $0 += 1 }
    #expect(other == 6)
  }
}
