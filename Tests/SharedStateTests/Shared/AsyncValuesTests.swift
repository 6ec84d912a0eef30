import Foundation
import Observation
import Testing

@testable import SharedState

/// `$shared.asyncValues`: the Combine-free counterpart of swift-sharing's
/// `$shared.publisher.values`.
struct AsyncValuesTests {
  struct User: Equatable, Sendable {
    var name: String
    var age: Int
  }

  @Test func theValueNowThenEveryChangeInOrder() async {
    let count = Shared(value: 0)
    var values = count.asyncValues.makeAsyncIterator()
    count.withLock { $0 = 1 }
    count.withLock { $0 = 2 }
    count.withLock { $0 += 1 }
    #expect(await values.next() == 0)
    #expect(await values.next() == 1)
    #expect(await values.next() == 2)
    #expect(await values.next() == 3)
  }

  @Test func theValueNowIsTheOneWhenTheSequenceIsMade() async {
    let count = Shared(value: 0)
    count.withLock { $0 = 5 }
    var values = count.asyncValues.makeAsyncIterator()
    #expect(await values.next() == 5)
  }

  @Test func changesMadeOnOtherThreadsAreAllToldInOrder() async {
    let count = Shared(value: 0)
    let values = count.asyncValues
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<250 { count.withLock { $0 += 1 } }
        }
      }
    }
    var told: [Int] = []
    for await value in values {
      told.append(value)
      if value == 1000 { break }
    }
    #expect(told == Array(0...1000))
  }

  @Test func endsWhenTheTaskIsCancelledAndStopsListening() async throws {
    let count = Shared(value: 0)
    let box = try #require(rootBox(of: count))
    let started = LockIsolated(false)
    let task = Task {
      var told: [Int] = []
      for await value in count.asyncValues {
        told.append(value)
        started.setValue(true)
      }
      return told
    }
    #expect(await poll { started.value })
    #expect(box.listenerCount.load(ordering: .relaxed) == 1)
    task.cancel()
    #expect(await task.value == [0])
    #expect(await poll { box.listenerCount.load(ordering: .relaxed) == 0 })
    count.withLock { $0 = 1 }
  }

  @Test func aSequenceNeverIteratedStopsListeningWhenReleased() throws {
    let count = Shared(value: 0)
    let box = try #require(rootBox(of: count))
    do {
      let values = count.asyncValues
      #expect(box.listenerCount.load(ordering: .relaxed) == 1)
      _ = values
    }
    #expect(box.listenerCount.load(ordering: .relaxed) == 0)
  }

  @Test func aKeyedValueTellsChangesMadeThroughAnyDeclaration() async throws {
    let storage = InMemoryStorage()
    let count = withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      Shared(wrappedValue: 0, .inMemory("count"))
    }
    var values = count.asyncValues.makeAsyncIterator()
    let other = withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      Shared(wrappedValue: 0, .inMemory("count"))
    }
    other.withLock { $0 = 7 }
    #expect(await values.next() == 0)
    #expect(await values.next() == 7)
  }

  @Test func aMemberTellsItsValueAfterEveryChangeOfTheWhole() async {
    let user = Shared(value: User(name: "Blob", age: 1))
    var names = user.name.asyncValues.makeAsyncIterator()
    user.withLock { $0.age = 2 }
    user.name.withLock { $0 = "Blob Jr." }
    #expect(await names.next() == "Blob")
    #expect(await names.next() == "Blob")
    #expect(await names.next() == "Blob Jr.")
  }

  @Test func anUnwrappedElementTellsItsLastValueOnceGone() async throws {
    let users = Shared(value: [1: User(name: "Blob", age: 1)] as [Int: User])
    let user = try #require(Shared(users[1]))
    var values = user.asyncValues.makeAsyncIterator()
    user.withLock { $0.age = 2 }
    users.withLock { $0[1] = nil }
    #expect(await values.next()?.age == 1)
    #expect(await values.next()?.age == 2)
    #expect(await values.next()?.age == 2)
  }

  @Test func aReaderAndAReadClosureTellTheirValues() async {
    let count = Shared(value: 1)
    var read = SharedReader(count).asyncValues.makeAsyncIterator()
    var isEven = count.read { $0.isMultiple(of: 2) }.asyncValues.makeAsyncIterator()
    let user = Shared(value: User(name: "Blob", age: 1))
    var member = SharedReader(user).age.asyncValues.makeAsyncIterator()
    count.withLock { $0 = 2 }
    user.withLock { $0.age = 2 }
    #expect(await read.next() == 1)
    #expect(await read.next() == 2)
    #expect(await isEven.next() == false)
    #expect(await isEven.next() == true)
    #expect(await member.next() == 1)
    #expect(await member.next() == 2)
  }

  @Test func aDictionarysValuesStayTheDictionarysMember() async {
    let scores = Shared(value: ["Blob": 1])
    // `values` reaches the dictionary's member through dynamic member lookup...
    #expect(Array(scores.values.wrappedValue) == [1])
    // ...and `asyncValues` is the shared value's sequence.
    var values = scores.asyncValues.makeAsyncIterator()
    #expect(await values.next() == ["Blob": 1])
  }

  @Test @MainActor func aStoreEffectFollowsASharedValue() async throws {
    let count = Shared(value: 0)
    let store = TestStore(initialState: Follower.State(count: count)) { Follower() }
    try await store.send(.start)
    try await store.receive(.countChanged(0)) { $0.seen = [0] }
    count.withLock { $0 = 1 }
    try await store.receive(.countChanged(1)) {
      $0.$count.withLock { $0 = 1 }
      $0.seen = [0, 1]
    }
    try await store.send(.stop)
    try await store.finish()
  }

  @Test @MainActor func observationsWorkOnASharedValueWhereTheSystemHasThem() async {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    let count = Shared(value: 0)
    var values = Observations { count.wrappedValue }.makeAsyncIterator()
    #expect(await values.next() == 0)
    count.withLock { $0 = 1 }
    #expect(await values.next() == 1)
  }
}

/// A feature that follows a shared count in an effect, as TCA's `$shared.publisher` did.
private struct Follower: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    var seen: [Int] = []
  }
  enum Action: Equatable {
    case start, stop
    case countChanged(Int)
  }
  enum FollowID: Hashable { case follow }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [count = state.$count] send in
        for await count in count.asyncValues {
          await send(.countChanged(count))
        }
      }
      .cancellable(id: FollowID.follow)
    case .stop:
      return .cancel(id: FollowID.follow)
    case .countChanged(let count):
      state.seen.append(count)
      return .none
    }
  }
}

/// The box a `Shared` made with `init(value:)` holds.
func rootBox<Value>(of shared: Shared<Value>) -> SharedBox<Value>? {
  guard case .root(let box) = shared.reference else { return nil }
  return box
}

/// Polls `condition` every millisecond for at most `timeout` of real time: a bounded wait for
/// something another thread (or process) does.
func poll(
  for timeout: Duration = .seconds(10), _ condition: @Sendable () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while !condition() {
    guard clock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
