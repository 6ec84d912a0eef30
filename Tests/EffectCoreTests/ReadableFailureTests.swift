import Foundation
import Testing

@testable import EffectCore

/// Failures a TCA user can read: a case path is named as it is written, Foundation's leaves and
/// `Duration` dump on one line as custom-dump prints them, and a wait names the time it took.
@MainActor
@Suite struct ReadableFailureTests {
  struct Failure: Error, Equatable {}

  struct Feature: Reducer {
    struct State: Equatable {}
    enum Action: Equatable {
      case numberFactResponse(Result<String, Failure>)
      case open(URL)
      case task, wait
      case rows(id: Int, action: Row)
      enum Row: Equatable { case tick, tock }
    }
    let stream: AsyncStream<Void>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .task:
        return .send(.numberFactResponse(.success("42 is a good number")))
      case .wait:
        return .run { [stream] _ in for await _ in stream {} }
      case .numberFactResponse, .open, .rows:
        return .none
      }
    }
  }

  @Test func aCasePathIsNamedAsItIsWritten() {
    let path = /Feature.Action.numberFactResponse .. /Result<String, Failure>.failure
    #expect(
      "\(path)"
        == "/ReadableFailureTests.Feature.Action.numberFactResponse .. /Result.failure")
    #expect("\(/Feature.Action.task)" == "/ReadableFailureTests.Feature.Action.task")
    #expect(
      "\(/Feature.Action.rows .. .element(id: 3) .. /Feature.Action.Row.tick)"
        == "/ReadableFailureTests.Feature.Action.rows .. .element(id: 3) .. "
        + "/ReadableFailureTests.Feature.Action.Row.tick")
    let written = CasePath<Int, Int>(embed: { $0 }, extract: { $0 })
    #expect("\(written)" == "CasePath<Int, Int>")
  }

  enum Amount: Equatable {
    case plus(Int)
    case minus(Int)
  }

  @Test func aCaseAmongSeveralOfTheSamePayloadIsNamedToo() {
    let minus: CasePath<Amount, Int> = /Amount.minus
    let plus: CasePath<Amount, Int> = /Amount.plus
    #expect("\(minus)" == "/ReadableFailureTests.Amount.minus")
    #expect("\(plus)" == "/ReadableFailureTests.Amount.plus")
  }

  @Test func aFailingReceiveByCasePathPrintsTheCase() async throws {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    defer { continuation.finish() }
    let store = TestStore(initialState: Feature.State()) { Feature(stream: stream) }
    try await store.send(.task)
    let failures = try await TestStoreFailure.collect {
      try await store.receive(/Feature.Action.numberFactResponse .. /Result.failure)
    }
    let message = try #require(failures.only?.message)
    #expect(message.contains("matching /ReadableFailureTests.Feature.Action.numberFactResponse"))
    #expect(message.contains(" .. /Result.failure"))
    #expect(!message.contains("_embed"))
    #expect(!message.contains("extraction"))
  }

  @Test func foundationLeavesAndDurationsDumpOnOneLine() {
    let url = URL(string: "https://www.pointfree.co/episodes")!
    #expect(
      Dump.lines(Feature.Action.open(url)) == [".open(URL(https://www.pointfree.co/episodes))"])
    #expect(
      Dump.lines(Date(timeIntervalSince1970: 1_234_567_890.5))
        == ["Date(2009-02-13T23:31:30.500Z)"])
    let uuid = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    #expect(Dump.lines(uuid) == ["UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)"])
    #expect(Dump.lines(Data([1, 2, 3])) == ["Data(3 bytes)"])
    #expect(Dump.lines(Duration.seconds(1)) == ["1 second"])
    #expect(Dump.lines(Duration.milliseconds(90_250)) == ["1 minute, 30 seconds, 250 milliseconds"])
    #expect(Dump.lines(Duration.seconds(-2)) == ["-2 seconds"])
    struct Event: Equatable {
      var at: Date
      var link: URL
    }
    #expect(
      Dump.lines(Event(at: Date(timeIntervalSince1970: 0), link: url)) == [
        "ReadableFailureTests.Event(", "  at: Date(1970-01-01T00:00:00.000Z),",
        "  link: URL(https://www.pointfree.co/episodes)", ")",
      ])
  }

  @Test func aDateBeforeTheReferenceDateDumpsToo() {
    #expect(
      DumpLeaves.iso8601(sinceReferenceDate: -978_307_200.25) == "1969-12-31T23:59:59.750Z")
    #expect(DumpLeaves.iso8601(sinceReferenceDate: 0) == "2001-01-01T00:00:00.000Z")
  }

  @Test func aFailedReceiveNamesTheTimeItActuallyWaited() async throws {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: Feature.State()) { Feature(stream: stream) }
    // An effect at work (waiting on a stream, not on a test clock) gets ten times the timeout.
    let task = try await store.send(.wait)
    let failures = try await TestStoreFailure.collect {
      try await store.receive(.task, timeout: .milliseconds(5))
    }
    let message = try #require(failures.only?.message)
    // `within 52 milliseconds.` or, on a loaded machine, `within 0.1 seconds.`
    let words = message.split(separator: "within ").last?.split(separator: " ") ?? []
    let number = words.first.flatMap { Double($0) } ?? 0
    let milliseconds = words.dropFirst().first?.hasPrefix("second") == true ? number * 1000 : number
    #expect(milliseconds >= 40, "\(message)")
    continuation.finish()
    try await task.finish()
  }
}
