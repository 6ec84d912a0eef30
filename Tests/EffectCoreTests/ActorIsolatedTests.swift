import EffectCore
import Testing

/// swift-concurrency-extras' `ActorIsolated`: a value behind an actor, read and changed with
/// `value`, `withValue` and `setValue`.
@Suite struct ActorIsolatedTests {
  @Test func concurrentChangesAllLand() async {
    let numbers = ActorIsolated<Set<Int>>([])
    await numbers.setValue([0])
    await withTaskGroup(of: Void.self) { group in
      for number in 1...50 {
        group.addTask { await numbers.withValue { _ = $0.insert(number) } }
      }
    }
    #expect(await numbers.value == Set(0...50))
  }

  @Test func withValueReturnsAndKeepsWhatAThrowingOperationLeft() async {
    struct Stop: Error {}
    let count = ActorIsolated(0)
    let next = await count.withValue { value -> Int in
      value += 1
      return value
    }
    #expect(next == 1)
    await #expect(throws: Stop.self) {
      try await count.withValue { value in
        value = 10
        throw Stop()
      }
    }
    #expect(await count.value == 10)
  }

  @Test func initAndSetValueRethrow() async throws {
    struct Unreadable: Error {}
    @Sendable func read() throws -> String { throw Unreadable() }
    #expect(throws: Unreadable.self) { try ActorIsolated(read()) }
    let name = ActorIsolated("Blob")
    await #expect(throws: Unreadable.self) { try await name.setValue(read()) }
    #expect(await name.value == "Blob")
    await name.setValue("Blob Jr.")
    #expect(await name.value == "Blob Jr.")
  }

  /// A client on an actor, as TCA tests write them: an effect records what it saved.
  @MainActor
  @Test func recordsWhatAnEffectSaved() async throws {
    enum Action: Equatable { case save(String) }
    let saved = ActorIsolated<[String]>([])
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .save(let name):
          return .run { _ in await saved.withValue { $0.append(name) } }
        }
      }
    }
    try await store.send(.save("Blob"))
    try await store.send(.save("Blob Jr."))
    try await store.finish()
    #expect(await saved.value == ["Blob", "Blob Jr."])
  }
}
