import EffectCore
import Testing

/// Names TCA code uses, each a compile error or a hand-written helper before: `rethrows` on
/// `withTaskCancellation`, `LockIsolated.setValue`/`withValue`, finished streams,
/// `AnyHashableSendable`, `modify` on enum state, a case path into one `forEach` row and
/// `case .binding(\.$field)`.
@MainActor
@Suite struct TCAParityTests {
  @Test func withTaskCancellationRethrows() async throws {
    // Outside an effect, and with a closure that cannot throw: no `try`.
    let answer = await withTaskCancellation(id: "answer") { 42 }
    #expect(answer == 42)
    struct Boom: Error {}
    await #expect(throws: Boom.self) {
      try await withTaskCancellation(id: "boom") { throw Boom() }
    }
  }

  struct Search: Reducer {
    struct State: Equatable { var results: [Int] = [] }
    enum Action: Equatable {
      case search
      case results([Int])
    }
    let clock: TestClock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .search:
        return .run { [clock] send in
          // Inside an effect, still without `try` for a non-throwing operation.
          let results = await withTaskCancellation(id: "search", cancelInFlight: true) {
            try? await clock.sleep(for: .seconds(1))
            return [1, 2, 3]
          }
          await send(.results(results))
        }
      case .results(let results):
        state.results = results
        return .none
      }
    }
  }

  @Test func withTaskCancellationRethrowsInsideAnEffect() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
    try await store.send(.search)
    await clock.advance(by: .seconds(1))
    try await store.receive(.results([1, 2, 3])) { $0.results = [1, 2, 3] }
    try await store.finish()
  }

  @Test func lockIsolatedSetsAndChangesItsValue() {
    let count = LockIsolated(0)
    count.setValue(41)
    count.withValue { $0 += 1 }
    #expect(count.value == 42)
    #expect(count.withValue { $0 * 2 } == 84)
  }

  @Test func finishedStreamsEndAtOnce() async throws {
    var values: [Int] = []
    for await value in AsyncStream<Int>.finished { values.append(value) }
    #expect(values.isEmpty)
    for try await value in AsyncThrowingStream<Int, any Error>.finished() { values.append(value) }
    #expect(values.isEmpty)
    struct Failure: Error {}
    await #expect(throws: Failure.self) {
      for try await _ in AsyncThrowingStream<Int, any Error>.finished(throwing: Failure()) {}
    }
  }

  @Test func anyHashableSendableErasesAndCompares() {
    let ids: Set<AnyHashableSendable> = [AnyHashableSendable(1), AnyHashableSendable("search")]
    #expect(ids.contains(AnyHashableSendable(1)))
    #expect(!ids.contains(AnyHashableSendable(2)))
    #expect(AnyHashableSendable(AnyHashableSendable(3)) == AnyHashableSendable(3))
    #expect(AnyHashableSendable(3).base as? Int == 3)
    #expect("\(AnyHashableSendable("x"))" == "x")
  }

  /// Enum state changed in place with `modify`, in the reducer and in the test's assertions.
  struct App: Reducer {
    enum State: Equatable {
      case loggedIn(LoggedIn)
      case loggedOut
      struct LoggedIn: Equatable { var email = "" }
    }
    enum Action: Equatable {
      case emailChanged(String)
      case wrong
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .emailChanged(let email):
        state.modify(/State.loggedIn) { $0.email = email }
      case .wrong:
        state = .loggedOut
        state.modify(/State.loggedIn) { $0.email = "nobody" }
      }
      return .none
    }
  }

  @Test func modifyChangesOneCaseOfEnumState() async throws {
    let store = TestStore(initialState: App.State.loggedIn(.init())) { App() }
    try await store.send(.emailChanged("blob@pointfree.co")) {
      $0.modify(/App.State.loggedIn) { $0.email = "blob@pointfree.co" }
    }
    try await store.finish()
  }

  @Test func modifyInAnotherCaseChangesNothingAndFails() async throws {
    let store = TestStore(initialState: App.State.loggedIn(.init())) { App() }
    let failures = try await TestStoreFailure.collect {
      try await store.send(.wrong) { $0 = .loggedOut }
    }
    let message = try #require(failures.only?.message)
    #expect(message.contains("'modify' at"))
    #expect(message.contains("the value is in another case"))
    #expect(store.state == .loggedOut)
  }

  /// A case path into one row of a `forEach`, so that `receive` reaches a row.
  struct Rows: Reducer {
    struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> }
    enum Action: Equatable { case rows(id: Int, action: Row.Action) }
    var body: some Reducer<State, Action> {
      EmptyReducer().forEach(\.rows, action: /Action.rows) { Row() }
    }
  }
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var ticks = 0
    }
    enum Action: Equatable {
      case start
      case tick(Int)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start: return .send(.tick(state.id * 10))
      case .tick: state.ticks += 1
      }
      return .none
    }
  }

  @Test func aCasePathReachesOneForEachRow() async throws {
    let store = TestStore(initialState: Rows.State(rows: [.init(id: 1), .init(id: 3)])) { Rows() }
    let row3 = /Rows.Action.rows .. .element(id: 3) .. /Row.Action.tick
    #expect(row3.extract(from: .rows(id: 3, action: .tick(30))) == 30)
    #expect(row3.extract(from: .rows(id: 1, action: .tick(30))) == nil)
    #expect(row3.embed(7) == .rows(id: 3, action: .tick(7)))
    try await store.send(.rows(id: 3, action: .start))
    try await store.receive(row3) { $0.rows[id: 3]?.ticks = 1 }
    try await store.finish()
  }

  struct Settings: Reducer {
    struct State: Equatable {
      @Bound var stepCount = 1
      @Bound var name = ""
      var sliderValue = 5
    }
    enum Action: BindingActions, Equatable { case binding(BindingAction<State>) }
    var body: some Reducer<State, Action> {
      ReduceBindings()
      Reduce { state, action in
        switch action {
        case .binding(\.$stepCount):
          state.sliderValue = min(state.sliderValue, state.stepCount)
        case .binding:
          break
        }
        return .none
      }
    }
  }

  @Test func aBindingActionMatchesItsKeyPathInASwitch() async throws {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    try await store.send(.binding(.set(\.$stepCount, 3))) {
      $0.stepCount = 3
      $0.sliderValue = 3
    }
    try await store.send(.binding(.set(\.$name, "Blob"))) { $0.name = "Blob" }
    try await store.finish()
  }
}
