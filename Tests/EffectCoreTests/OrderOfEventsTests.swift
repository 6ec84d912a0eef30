import EffectCore
import Testing

/// The turn-by-turn order of events on the main serial executor, shape by shape, as TCA's (see
/// "Order of events" in Docs/EffectCore.md); each shape 50 times, through a test store and
/// through a store inside `withMainSerialExecutor`, whose log marks the main actor's turns.
@MainActor
@Suite struct OrderOfEventsTests {
  /// What happened, in order; `turn n` marks where the test took its n-th turn of the queue.
  final class Log: Sendable {
    private let entries = LockIsolated<[String]>([])
    func callAsFunction(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.value }
  }

  /// A task on the main serial executor that takes `count` turns of the main actor's queue, one
  /// job each, marking each in the log after `act` ran for it: the clock of a turn-by-turn log.
  nonisolated private static func ticker(
    _ count: Int, _ log: Log, act: @escaping @Sendable (Int) -> Void = { _ in }
  ) -> Task<Void, Never> {
    Task(executorPreference: MainSerialExecutor.shared) {
      for turn in 1...count {
        log("turn \(turn)")
        act(turn)
        await Task.yield()
      }
    }
  }

  // MARK: - A stream and a follow-up

  /// An effect iterates a stream; reducing its element "a" starts an effect that answers at once.
  struct Listener: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable {
      case listen
      case event(String)
      case followUp
    }
    let events: AsyncStream<String>
    var log = Log()

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      log("reduce \(action)")
      switch action {
      case .listen:
        return .run { [events, log] send in
          for await event in events {
            log("listener got \(event)")
            await send(.event(event))
          }
        }
      case .event(let event):
        state.log.append(event)
        guard event == "a" else { return .none }
        return .run { [log] send in
          log("follow-up begins")
          await send(.followUp)
        }
      case .followUp:
        state.log.append("followUp")
        return .none
      }
    }
  }

  @Test func aStreamsNextElementComesBeforeTheFollowUpOfTheLast() async throws {
    for _ in 0..<50 {
      let (events, continuation) = AsyncStream<String>.makeStream()
      let store = TestStore(initialState: Listener.State()) { Listener(events: events) }
      let task = try await store.send(.listen)
      continuation.yield("a")
      continuation.yield("b")
      try await store.receive(.event("a")) { $0.log = ["a"] }
      try await store.receive(.event("b")) { $0.log = ["a", "b"] }
      try await store.receive(.followUp) { $0.log = ["a", "b", "followUp"] }
      await task.cancel()
      try await store.finish()
    }
  }

  @Test func aStreamAndAFollowUpTurnByTurn() async {
    for _ in 0..<50 {
      let log = Log()
      let (events, continuation) = AsyncStream<String>.makeStream()
      await withMainSerialExecutor {
        let store = Store(initialState: Listener.State()) { Listener(events: events, log: log) }
        let task = store.send(.listen)
        await Self.ticker(8, log) { turn in
          guard turn == 3 else { return }
          continuation.yield("a")
          continuation.yield("b")
        }.value
        task.cancel()
        await task.finish()
      }
      // The listener takes "a" at once and its action is reduced, which starts the follow-up;
      // the listener takes "b", already buffered, on the next turn, before the follow-up has
      // begun, so "b" is reduced first.
      #expect(
        log.all == [
          "reduce listen",
          "turn 1", "turn 2", "turn 3",
          "listener got a", "reduce event(\"a\")",
          "turn 4",
          "listener got b", "reduce event(\"b\")",
          "turn 5",
          "follow-up begins", "reduce followUp",
          "turn 6", "turn 7", "turn 8",
        ])
    }
  }

  // MARK: - Two effects answering at once

  /// Two effects that answer at once; each answer starts an effect that answers at once.
  struct Answers: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable {
      case start
      case answer(Int)
      case followUp(Int)
    }
    var log = Log()

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      log("reduce \(action)")
      switch action {
      case .start:
        return .merge(
          .run { [log] send in
            log("effect 1 begins")
            await send(.answer(1))
          },
          .run { [log] send in
            log("effect 2 begins")
            await send(.answer(2))
          })
      case .answer(let n):
        state.log.append("answer \(n)")
        return .run { [log] send in
          log("follow-up \(n) begins")
          await send(.followUp(n))
        }
      case .followUp(let n):
        state.log.append("followUp \(n)")
        return .none
      }
    }
  }

  @Test func twoAnswersComeBeforeTheFollowUpsTheyStart() async throws {
    for _ in 0..<50 {
      let store = TestStore(initialState: Answers.State()) { Answers() }
      try await store.send(.start)
      try await store.receive(.answer(1)) { $0.log = ["answer 1"] }
      try await store.receive(.answer(2)) { $0.log += ["answer 2"] }
      try await store.receive(.followUp(1)) { $0.log += ["followUp 1"] }
      try await store.receive(.followUp(2)) { $0.log += ["followUp 2"] }
      try await store.finish()
    }
  }

  @Test func twoEffectsAnsweringAtOnceTurnByTurn() async {
    for _ in 0..<50 {
      let log = Log()
      await withMainSerialExecutor {
        let store = Store(initialState: Answers.State()) { Answers(log: log) }
        let task = store.send(.start)
        await Self.ticker(6, log).value
        await task.finish()
      }
      // Each effect begins one turn after its action, in the order the actions started them;
      // each answer is reduced one turn after it was sent, in the order sent.
      #expect(
        log.all == [
          "reduce start",
          "turn 1",
          "effect 1 begins", "effect 2 begins",
          "turn 2",
          "reduce answer(1)", "reduce answer(2)",
          "turn 3",
          "follow-up 1 begins", "follow-up 2 begins",
          "turn 4",
          "reduce followUp(1)", "reduce followUp(2)",
          "turn 5", "turn 6",
        ])
    }
  }

  // MARK: - An effect that sends, then sleeps

  /// An effect that sends, then sleeps on a clock; what it sent starts an effect that answers at
  /// once.
  struct Sleeper: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable {
      case start
      case started
      case followUp
      case finished
    }
    let clock: TestClock<Duration>
    var log = Log()

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      log("reduce \(action)")
      switch action {
      case .start:
        return .run { [clock, log] send in
          log("effect begins")
          await send(.started)
          log("effect sleeps")
          try await clock.sleep(for: .seconds(1))
          log("effect wakes")
          await send(.finished)
        }
      case .started:
        state.log.append("started")
        return .run { [log] send in
          log("follow-up begins")
          await send(.followUp)
        }
      case .followUp:
        state.log.append("followUp")
        return .none
      case .finished:
        state.log.append("finished")
        return .none
      }
    }
  }

  @Test func anEffectThatSendsThenSleepsIsAsleepBeforeTheFollowUp() async throws {
    for _ in 0..<50 {
      let clock = TestClock()
      let store = TestStore(initialState: Sleeper.State()) { Sleeper(clock: clock) }
      try await store.send(.start)
      try await store.receive(.started) { $0.log = ["started"] }
      try await store.receive(.followUp) { $0.log += ["followUp"] }
      await clock.advance(by: .seconds(1))
      try await store.receive(.finished) { $0.log += ["finished"] }
      try await store.finish()
    }
  }

  @Test func anEffectThatSendsThenSleepsTurnByTurn() async {
    for _ in 0..<50 {
      let log = Log()
      let clock = TestClock()
      await withMainSerialExecutor {
        let store = Store(initialState: Sleeper.State()) { Sleeper(clock: clock, log: log) }
        let task = store.send(.start)
        await Self.ticker(6, log).value
        task.cancel()
        await task.finish()
      }
      // The effect goes on (to its sleep) in the turn that reduced what it sent, before the
      // effect that action started has begun.
      #expect(
        log.all == [
          "reduce start",
          "turn 1",
          "effect begins",
          "turn 2",
          "reduce started", "effect sleeps",
          "turn 3",
          "follow-up begins",
          "turn 4",
          "reduce followUp",
          "turn 5", "turn 6",
        ])
    }
  }
}
