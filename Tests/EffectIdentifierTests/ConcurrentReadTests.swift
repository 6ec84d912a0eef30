import EffectIdentifier
import Testing

/// `@EffectID`s read from an effect and its `async let` children and task groups at once, inside
/// namespaces: every child reads the same id, and the reads are race-free (CI runs this suite
/// under ThreadSanitizer).
@MainActor
@Suite struct ConcurrentReadTests {
  struct Reader: Reducer {
    struct State: Equatable { var sameEverywhere: Bool? }
    enum Action: Equatable {
      case start
      case read(Bool)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          // One declaration (in `readMany`), read here first, then by every child at once.
          let expected = await Self.readMany()[0]
          async let first = Self.readMany()
          async let second = Self.readMany()
          let fromGroup = await withTaskGroup(of: [EffectID].self) { group in
            for _ in 0..<8 { group.addTask { await Self.readMany() } }
            return await group.reduce(into: []) { $0 += $1 }
          }
          let all = await first + second + fromGroup
          let inNamespace = expected.description.contains("[document, row]")
          await send(.read(inNamespace && all.allSatisfy { $0 == expected }))
        }
      case .read(let same):
        state.sameEverywhere = same
        return .none
      }
    }

    static func readMany() async -> [EffectID] {
      var ids: [EffectID] = []
      for _ in 0..<100 {
        @EffectID var own
        ids.append(own)
        await Task.yield()
      }
      return ids
    }
  }

  @Test(arguments: [true, false])
  func idsReadFromConcurrentChildTasksAreTheSameAndRaceFree(serial: Bool) async throws {
    let store = TestStore(initialState: Reader.State()) {
      Reader().namespace("row").namespace("document")
    }
    store.useMainSerialExecutor = serial
    try await store.send(.start)
    try await store.receive(.read(true), timeout: .seconds(30)) { $0.sameEverywhere = true }
    try await store.finish()
  }
}
