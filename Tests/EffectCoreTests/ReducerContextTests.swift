import EffectCore
import Testing

@MainActor
@Suite struct ReducerContextTests {
  struct Tenant: ReducerContext {
    @TaskLocal static var names: [String] = []
    let name: String
    /// Whether effects inherit the context from where their task is created, rather than
    /// entering it inside the task.
    var inherited = false
    var bindsTaskLocalsOnly: Bool { inherited }

    func withContext<R>(_ operation: () throws -> R) rethrows -> R {
      try Self.$names.withValue(Self.names + [name], operation: operation)
    }
    func withEffectContext(_ operation: () async -> Void) async {
      await Self.$names.withValue(Self.names + [name], operation: operation)
    }
  }

  struct Feature: Reducer {
    struct State: Equatable { var seen: [[String]] = [] }
    enum Action: Equatable {
      case read, readLater
      case readInEffect([String])
      case sendRead
    }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .read:
        state.seen.append(Tenant.names)
        return .none
      case .readLater:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.readInEffect(Tenant.names))
          // An effect started later by an effect is still inside the context.
        }
      case .sendRead:
        return .run { send in await send(.read) }
      case .readInEffect(let names):
        state.seen.append(names)
        return .none
      }
    }
  }

  @Test func contextsNestOutermostFirstInReducerAndEffects() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature(clock: clock).context(Tenant(name: "inner")).context(Tenant(name: "outer"))
    }
    try await store.send(.read) { $0.seen = [["outer", "inner"]] }
    try await store.send(.readLater)
    await clock.advance(by: .seconds(1))
    try await store.receive(.readInEffect(["outer", "inner"])) {
      $0.seen.append(["outer", "inner"])
    }
    try await store.finish()
  }

  @Test func actionsFromEffectsAreReducedInTheStoresContextsOnly() async throws {
    let store = TestStore(initialState: Feature.State()) {
      Feature(clock: TestClock()).context(Tenant(name: "inner")).context(Tenant(name: "outer"))
    }
    try await store.send(.sendRead)
    try await store.receive(.read) { $0.seen = [["outer", "inner"]] }
    try await store.finish()
  }

  @Test func perActionContextSeesTheStateBeforeTheAction() async throws {
    let store = TestStore(initialState: Feature.State()) {
      Feature(clock: TestClock()).context { state, _ in Tenant(name: "n\(state.seen.count)") }
    }
    try await store.send(.read) { $0.seen = [["n0"]] }
    try await store.send(.read) { $0.seen.append(["n1"]) }
    try await store.finish()
  }

  @Test func storesInheritTheContextTheyAreCreatedIn() async throws {
    let store = InheritedContext.with(Tenant(name: "inherited")) {
      Store(initialState: Feature.State()) { Feature(clock: TestClock()) }
    }
    store.send(.read)
    #expect(store.seen == [["inherited"]])
  }

  @Test func effectWithContextWrapsRunOperations() async throws {
    let effect = Effect<[String]>.run { send in await send(Tenant.names) }
      .withContext(Tenant(name: "manual"))
    let store = storeRunning(effect)
    try await store.send([])
    try await store.receive(["manual"]) { $0 = ["manual"] }
    try await store.finish()
  }

  @Test(arguments: [
    ["a", "b1", "b2"], ["b1", "a", "b2"], ["b1", "b2", "a"], ["b2", "a", "b1"],
  ])
  func contextsEnteredAtTaskCreationKeepTheirOrderAmongOtherContexts(_ order: [String])
    async throws
  {
    // "b…" contexts bind task-locals only (entered where the task is created); "a" is entered
    // inside the task. Whatever the mix, the outermost is entered first.
    func context(_ name: String) -> Tenant {
      Tenant(name: name, inherited: name.hasPrefix("b"))
    }
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature(clock: clock)
        .context(context(order[2])).context(context(order[1])).context(context(order[0]))
    }
    try await store.send(.readLater)
    await clock.advance(by: .seconds(1))
    try await store.receive(.readInEffect(order)) { $0.seen = [order] }
    try await store.finish()
  }

  @Test func contextsEnteredAtTaskCreationReachEffectsRunInASequence() async throws {
    let effect = Effect<[String]>.concatenate(
      .run { send in await send(Tenant.names) },
      .run { send in await send(Tenant.names + ["second"]) }
    )
    .withContext(Tenant(name: "inner", inherited: true)).withContext(Tenant(name: "outer"))
    let store = storeRunning(effect)
    try await store.send([])
    try await store.receive(["outer", "inner"]) { $0 = ["outer", "inner"] }
    try await store.receive(["outer", "inner", "second"]) { $0 = ["outer", "inner", "second"] }
    try await store.finish()
  }
}

/// A test store whose empty action returns `effect`, and whose state is whatever the effect
/// sends back.
@MainActor
private func storeRunning(_ effect: Effect<[String]>) -> TestStore<[String], [String]> {
  TestStore(initialState: [String]()) {
    Reduce<[String], [String]> { state, action in
      if action.isEmpty { return effect }
      state = action
      return .none
    }
  }
}

/// A context that wraps an effect's work ends with it: the effect is finished only once the
/// context's own code after the work has run.
@MainActor
@Suite struct WrappingContextTests {
  /// Logs around an effect's work, and after it waits a second on the clock before leaving.
  struct Bracket: ReducerContext {
    let log: Probe
    let clock: TestClock<Duration>
    func withContext<R>(_ operation: () throws -> R) rethrows -> R { try operation() }
    func withEffectContext(_ operation: () async -> Void) async {
      log.record("enter")
      await operation()
      try? await clock.sleep(for: .seconds(1))
      log.record("exit")
    }
  }

  struct Feature: Reducer {
    let log: Probe
    func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
      guard action else { return .none }
      let log = self.log
      return .run { _ in log.record("work") }
    }
  }

  @Test func theEffectRunsUntilTheContextIsDone() async throws {
    let log = Probe()
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Feature(log: log).context(Bracket(log: log, clock: clock))
    }
    try await store.send(true)
    // The work is done and the context waits on the clock: the effect still runs.
    #expect(await eventually { clock.sleeperCount == 1 })
    #expect(log.all == ["enter", "work"])
    let failures = try await TestStoreFailure.collect {
      try await store.finish(timeout: .milliseconds(5))
    }
    #expect(failures.first?.message.contains("1 effect(s) are still running") == true)
    await clock.advance(by: .seconds(1))
    try await store.finish()
    #expect(log.all == ["enter", "work", "exit"])
  }
}
