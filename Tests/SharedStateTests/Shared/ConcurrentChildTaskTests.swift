import SharedState
import Testing

/// Shared values read and written from an effect's `async let` children and task groups at once:
/// no change is lost and every read is race-free (CI runs this suite under ThreadSanitizer).
@MainActor
@Suite struct ConcurrentChildTaskTests {
  struct Adder: Reducer {
    struct State: Equatable {
      @Shared(.inMemory("concurrent-count")) var count = 0
    }
    enum Action: Equatable { case start, done }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard action == .start else { return .none }
      return .run { send in
        async let first: Void = Self.addMany()
        async let second: Void = Self.addMany()
        await withTaskGroup(of: Void.self) { group in
          for _ in 0..<8 { group.addTask { await Self.addMany() } }
        }
        _ = await (first, second)
        await send(.done)
      }
    }

    /// Declares the shared value, reads it and adds one, a hundred times.
    static func addMany() async {
      for _ in 0..<100 {
        @Shared(.inMemory("concurrent-count")) var count = 0
        _ = count
        $count.withLock { $0 += 1 }
        await Task.yield()
      }
    }
  }

  @Test(arguments: [true, false])
  func childTasksShareOneValueAndLoseNoChange(serial: Bool) async throws {
    let store = TestStore(initialState: Adder.State()) { Adder() }
    store.exhaustivity = .off
    store.useMainSerialExecutor = serial
    try await store.send(.start)
    try await store.receive(.done, timeout: .seconds(30))
    try await store.finish()
    #expect(store.state.count == 1_000)
  }
}
