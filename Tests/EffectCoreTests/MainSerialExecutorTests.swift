import Testing

@testable import EffectCore

/// `withMainSerialExecutor` and the test store's `useMainSerialExecutor`: concurrent work runs
/// one job at a time on the main actor's queue, in the order it was enqueued, so it comes out the
/// same every run; effects start in TCA's order (on the main actor, behind what is queued there).
@Suite struct MainSerialExecutorTests {
  @Test func aTaskGroupsChildrenRunInTheOrderTheyWereAdded() async {
    let values = LockIsolated<[Int]>([])
    await withMainSerialExecutor {
      await withTaskGroup(of: Void.self) { group in
        for value in 1...1000 {
          group.addTask { values.withLock { $0.append(value) } }
        }
      }
    }
    #expect(values.value == Array(1...1000))
  }

  @Test func childrenThatYieldGoBehindTheOthers() async {
    let values = LockIsolated<[Int]>([])
    await withMainSerialExecutor {
      await withTaskGroup(of: Void.self) { group in
        for value in 1...1000 {
          group.addTask {
            if value.isMultiple(of: 2) { await Task.yield() }
            values.withLock { $0.append(value) }
          }
        }
      }
    }
    let odds = stride(from: 1, through: 999, by: 2)
    let evens = stride(from: 2, through: 1000, by: 2)
    #expect(values.value == Array(odds) + Array(evens))
  }

  actor Numbers {
    var values: [Int] = []
    func append(_ value: Int) { values.append(value) }
  }

  @Test func childrenCallingAnActorRunInOrder() async {
    let numbers = Numbers()
    await withMainSerialExecutor {
      await withTaskGroup(of: Void.self) { group in
        for value in 1...1000 {
          group.addTask { await numbers.append(value) }
        }
      }
    }
    #expect(await numbers.values == Array(1...1000))
  }

  @Test func asyncLetChildrenAndUnstructuredTasksWithThePreferenceRunOnIt() async {
    let values = LockIsolated<[String]>([])
    await withMainSerialExecutor {
      async let first: Void = values.withLock { $0.append("async let") }
      await first
      await Task(executorPreference: MainSerialExecutor.shared) {
        values.withLock { $0.append("task") }
      }.value
      #expect(MainSerialExecutor.isInForce)
    }
    #expect(values.value == ["async let", "task"])
    #expect(!MainSerialExecutor.isInForce)
  }

  @Test func theOperationsResultAndErrorComeThrough() async throws {
    struct Failure: Error {}
    let value = await withMainSerialExecutor {
      await Task.yield()
      return 42
    }
    #expect(value == 42)
    await #expect(throws: Failure.self) {
      try await withMainSerialExecutor {
        await Task.yield()
        throw Failure()
      }
    }
  }

  /// A stream effect whose elements each start an effect that answers at once.
  struct Stream: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable {
      case start
      case element(Int)
      case response(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          for value in 1...2 { await send(.element(value)) }
        }
      case .element(let value):
        state.log.append("element \(value)")
        return .run { send in await send(.response(value)) }
      case .response(let value):
        state.log.append("response \(value)")
        return .none
      }
    }
  }

  @Test @MainActor func theNextElementOfAStreamComesBeforeAnAnswerStartedByTheLast() async throws {
    // TCA's order: an effect begins on the main actor, behind what is queued there, so the
    // stream's next element (already on its way) is reduced before the answer. Every run.
    for _ in 0..<50 {
      let store = TestStore(initialState: Stream.State()) { Stream() }
      try await store.send(.start)
      try await store.receive(.element(1)) { $0.log = ["element 1"] }
      try await store.receive(.element(2)) { $0.log += ["element 2"] }
      try await store.receive(.response(1)) { $0.log += ["response 1"] }
      try await store.receive(.response(2)) { $0.log += ["response 2"] }
      try await store.finish()
    }
  }

  /// Answers that race: two children of a task group, the first slower by a yield.
  struct Racing: Reducer {
    struct State: Equatable { var answers: [String] = [] }
    enum Action: Equatable {
      case start
      case answer(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .answer(let answer) = action { state.answers.append(answer) }
      guard action == .start else { return .none }
      return .run { send in
        await withTaskGroup(of: String.self) { group in
          group.addTask {
            await Task.yield()
            return "slow"
          }
          group.addTask { "fast" }
          for await answer in group { await send(.answer(answer)) }
        }
      }
    }
  }

  @Test @MainActor func aTestStoreRunsConcurrentAnswersInTheSameOrderEveryRun() async throws {
    for _ in 0..<100 {
      let store = TestStore(initialState: Racing.State()) { Racing() }
      #expect(store.useMainSerialExecutor)
      try await store.send(.start)
      try await store.receive(.answer("fast")) { $0.answers = ["fast"] }
      try await store.receive(.answer("slow")) { $0.answers = ["fast", "slow"] }
      try await store.finish()
    }
  }

  @Test @MainActor func theSynchronousFormSerialisesTheEffectsStoresStartInIt() async throws {
    for _ in 0..<20 {
      let store = Store(initialState: Racing.State()) { Racing() }
      let task = withMainSerialExecutor { store.send(.start) }
      #expect(!MainSerialExecutor.isInForce)
      await task.finish()
      #expect(store.withState(\.answers) == ["fast", "slow"])
    }
  }
}

extension MainSerialExecutorTests {
  /// In a process that never used the executor (an app), an effect's start checks one flag; the
  /// first scope turns the full check on, and it is in force inside, as before.
  @Test func theCheckIsOneLoadUntilTheExecutorIsUsed() async {
    await #expect(processExitsWith: .success) {
      precondition(!MainSerialExecutor.hasBeenUsed.load(ordering: .relaxed))
      precondition(!MainSerialExecutor.isInForce)
      let inside = await withMainSerialExecutor {
        await Task.yield()
        return MainSerialExecutor.isInForce
      }
      precondition(inside, "in force inside the scope")
      precondition(MainSerialExecutor.hasBeenUsed.load(ordering: .relaxed))
      precondition(!MainSerialExecutor.isInForce, "not in force outside it")
      let synchronous = withMainSerialExecutor { MainSerialExecutor.isInForce }
      precondition(synchronous, "in force inside a synchronous scope")
    }
  }

  @Test func theProcessWideSwitchSerialisesUnstructuredTasksToo() async {
    // Process-wide: run in a process of its own, so that the tests beside it are untouched.
    await #expect(processExitsWith: .success) {
      uncheckedUseMainSerialExecutor = true
      precondition(uncheckedUseMainSerialExecutor, "the runtime's hook was not found")
      let values = LockIsolated<[Int]>([])
      for value in 1...1000 { Task { values.withLock { $0.append(value) } } }
      // Serialised, they run in the order they were made; how many turns that takes depends on
      // where this task itself runs, so wait (boundedly) for all of them, then check the order.
      for _ in 0..<100_000 where values.value.count < 1000 { await Task.yield() }
      uncheckedUseMainSerialExecutor = false
      precondition(!uncheckedUseMainSerialExecutor)
      precondition(values.value == Array(1...1000), "\(values.value.prefix(20))")
    }
  }
}
