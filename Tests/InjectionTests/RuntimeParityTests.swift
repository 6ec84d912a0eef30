import EffectCore
import Injection
import Testing

/// A dismiss effect under a key of the app's own runs its own closure in a test store, as in
/// TCA (whose test store wraps `\.dismiss` alone); dependencies read from an effect and its
/// `async let` children and task groups at once are race-free (this suite runs under
/// ThreadSanitizer in CI).
@MainActor
@Suite struct RuntimeParityTests {
  struct Game: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable {
      case quitTapped, dismissTapped
      case noted(String)
    }
    @Dependency(\.dismissGame) var dismissGame
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .quitTapped:
        return .run { _ in await dismissGame() }
      case .dismissTapped:
        return .run { _ in await dismiss() }
      case .noted(let text):
        state.log.append(text)
        return .none
      }
    }
  }

  @Test func aReplacedDismissUnderAnotherKeyRunsOnlyItsClosure() async throws {
    let calls = LockIsolated(0)
    let store = TestStore(initialState: Game.State()) {
      Game()
    } withDependencies: {
      $0.dismissGame = DismissEffect { calls.withLock { $0 += 1 } }
    }
    try await store.send(.quitTapped)
    try await store.finish()
    #expect(calls.value == 1)
    #expect(!store.isDismissed)
    // The store still takes actions.
    try await store.send(.noted("after")) { $0.log = ["after"] }
  }

  @Test func aReplacedDismissDependencyRunsItsClosureAndDismissesTheTestStore() async throws {
    let calls = LockIsolated(0)
    let store = TestStore(initialState: Game.State()) {
      Game()
    } withDependencies: {
      $0.dismiss = DismissEffect { calls.withLock { $0 += 1 } }
    }
    try await store.send(.dismissTapped)
    try await store.finish()
    #expect(calls.value == 1)
    #expect(store.isDismissed)
  }

  struct Fanning: Reducer {
    struct State: Equatable { var total = 0 }
    enum Action: Equatable {
      case start
      case added(Int)
    }
    @Dependency(\.greeter) var greeter

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          // The effect and its children read the same bound dependencies at the same moment.
          async let a = Self.readMany()
          async let b = Self.readMany()
          let group = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { await Self.readMany() } }
            return await group.reduce(0, +)
          }
          let own = await Self.readMany()
          await send(.added(await a + b + group + own))
        }
      case .added(let count):
        state.total = count
        return .none
      }
    }

    /// Reads the greeter many times, in bursts on one thread between suspensions; returns how
    /// many bursts saw the override throughout.
    static func readMany() async -> Int {
      var seen = 0
      for _ in 0..<200 {
        var same = true
        for _ in 0..<50 {
          @Dependency(\.greeter) var greeter
          same = same && greeter.greet("x") == "Hej, x"
        }
        if same { seen += 1 }
        await Task.yield()
      }
      return seen
    }
  }

  @Test(arguments: [true, false])
  func dependenciesReadFromConcurrentChildTasksAreRaceFree(serial: Bool) async throws {
    let store = TestStore(initialState: Fanning.State()) {
      Fanning()
    } withDependencies: {
      $0.greeter = Greeter { "Hej, \($0)" }
    }
    store.useMainSerialExecutor = serial
    try await store.send(.start)
    try await store.receive(.added(11 * 200), timeout: .seconds(30)) { $0.total = 11 * 200 }
    try await store.finish()
  }
}

extension DependencyValues {
  /// A dismiss effect of the app's own, as a word game declares one to close its game.
  var dismissGame: DismissEffect {
    get { self[DismissGameKey.self] }
    set { self[DismissGameKey.self] = newValue }
  }
}

private enum DismissGameKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}
