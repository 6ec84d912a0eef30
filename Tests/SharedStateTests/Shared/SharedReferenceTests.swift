import Observation
import SharedState
import Testing

@MainActor
struct SharedReferenceTests {
  @Test func copiesHoldOneValue() {
    let count = Shared(value: 1)
    let copy = count
    copy.withLock { $0 += 1 }
    #expect(count.wrappedValue == 2)
    #expect(count == copy)
  }

  @Test func equalityIsByValue() {
    #expect(Shared(value: 3) == Shared(value: 3))
    #expect(Shared(value: 3) != Shared(value: 4))
    #expect(Shared(value: "a").hashValue == Shared(value: "a").hashValue)
  }

  @Test func childChangeIsSeenByParentInOneStore() {
    let store = Store(initialState: SharedParent.State(count: Shared(value: 1))) {
      SharedParent()
    }
    store.send(.openChild)
    store.send(.child(.double))
    #expect(store.count == 2)
    #expect(store.child?.count == 2)
    store.send(.increment)
    #expect(store.child?.count == 3)
  }

  @Test func changeIsSeenAcrossStores() {
    let count = Shared(value: 10)
    let first = Store(initialState: SharedParent.State(count: count)) { SharedParent() }
    let second = Store(initialState: SharedParent.State(count: count)) { SharedParent() }
    first.send(.increment)
    #expect(second.count == 11)
    second.send(.increment)
    #expect(first.count == 12)
  }

  @Test func observingOneStoreHearsAChangeMadeThroughAnother() {
    let count = Shared(value: 0)
    let first = Store(initialState: SharedParent.State(count: count)) { SharedParent() }
    let second = Store(initialState: SharedParent.State(count: count)) { SharedParent() }
    let heard = LockIsolated(0)
    withObservationTracking {
      _ = first.count
    } onChange: {
      heard.withLock { $0 += 1 }
    }
    second.send(.increment)
    #expect(heard.value == 1)
    #expect(first.count == 1)
  }

  @Test func plainChangesDoNotNotifySharedObservers() {
    let store = Store(initialState: SharedParent.State(count: Shared(value: 0))) {
      SharedParent()
    }
    let heard = LockIsolated(0)
    let box = store.state.$count
    withObservationTracking {
      _ = box.wrappedValue
    } onChange: {
      heard.withLock { $0 += 1 }
    }
    store.send(.bumpPlain)
    #expect(heard.value == 0)
    box.withLock { $0 = 5 }
    #expect(heard.value == 1)
  }

  @Test func changesFromManyThreadsAreNotLost() async {
    let count = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<500 { count.withLock { $0 += 1 } }
        }
      }
    }
    #expect(count.wrappedValue == 4000)
  }

  @Test func inMemoryKeysShareByName() {
    // One storage per test, without an override: the test value is made once per test.
    @Shared(.inMemory("draft")) var draft = ""
    @Shared(.inMemory("draft")) var same = "ignored: the storage has a value"
    $draft.withLock { $0 = "hello" }
    #expect(same == "hello")
    @Shared(.inMemory("other")) var other = "x"
    #expect(other == "x")
  }

  @Test func aGivenStorageIsTheOneUsed() {
    let storage = InMemoryStorage()
    withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      @Shared(.inMemory("draft")) var draft = "given"
    }
    @Shared(.inMemory("draft")) var draft = "the test's own"
    #expect(draft == "the test's own")
    withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      @Shared(.inMemory("draft")) var again = "ignored"
      #expect(again == "given")
    }
  }

  @Test(arguments: 1...8)
  func inMemoryStorageIsFreshPerTest(case: Int) {
    // Every case starts from the default: no case (nor any other test) sees another's value.
    @Shared(.inMemory("draft")) var draft = "fresh"
    #expect(draft == "fresh")
    $draft.withLock { $0 = "changed in case \(`case`) only" }
  }

  @Test func aFeatureDeclaringTheKeySeesTheTestsValue() async throws {
    struct Draft: Reducer {
      struct State: Equatable {
        @Shared(.inMemory("draft")) var draft = ""
      }
      enum Action: Equatable { case shout }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.$draft.withLock { $0 = $0.uppercased() }
        return .none
      }
    }
    @Shared(.inMemory("draft")) var draft = "hello"
    let store = TestStore(initialState: Draft.State()) { Draft() }
    #expect(store.state.draft == "hello")
    try await store.send(.shout) { $0.$draft.withLock { $0 = "HELLO" } }
    #expect(draft == "HELLO")
  }

  @Test func tenThousandRowsHoldingOneValueMakeOneNotification() {
    let total = Shared(value: 0)
    let rows = (0..<10_000).map { _ in SharedChild.State(count: total) }
    let heard = LockIsolated(0)
    withObservationTracking {
      for row in rows { _ = row.count }
    } onChange: {
      heard.withLock { $0 += 1 }
    }
    total.withLock { $0 = 1 }
    #expect(heard.value == 1)
    #expect(rows.allSatisfy { $0.count == 1 })
  }

  // A change tells Observation's registrar only while somebody may watch (`SharedObservation`):
  // these check that skipping it never costs a view a change it should hear.

  @Test func aValueWatchedAfterUnwatchedChangesHearsTheNextOneOnce() {
    let count = Shared(value: 0)
    for value in 1...3 { count.withLock { $0 = value } }
    let heard = LockIsolated(0)
    withObservationTracking {
      _ = count.wrappedValue
    } onChange: {
      heard.withLock { $0 += 1 }
    }
    count.withLock { $0 = 4 }
    // Told once: the observer is gone, and the changes after it tell nobody.
    count.withLock { $0 = 5 }
    #expect(heard.value == 1)
    #expect(count.wrappedValue == 5)
  }

  @Test func eachNewWatchHearsItsOwnChange() {
    let count = Shared(value: 0)
    let heard = LockIsolated(0)
    for value in 1...5 {
      withObservationTracking {
        _ = count.wrappedValue
      } onChange: {
        heard.withLock { $0 += 1 }
      }
      count.withLock { $0 = value }
      #expect(heard.value == value)
    }
  }

  @Test func aWatchThatBeganDuringAChangeHearsItWhenItEnds() {
    let count = Shared(value: 0)
    let copy = count
    let heard = LockIsolated(0)
    count.withLock { value in
      // A view that reads the value while the change is under way (here, inside it) sees the
      // value from before; it must hear of the new one.
      withObservationTracking {
        #expect(copy.wrappedValue == 0)
      } onChange: {
        heard.withLock { $0 += 1 }
      }
      value = 1
    }
    #expect(heard.value == 1)
    #expect(count.wrappedValue == 1)
  }

  @Test func aDerivedValueWatchedLateHearsChangesOfItsRoot() {
    struct Pair: Equatable, Sendable {
      var left = 0
      var right = 0
    }
    let pair = Shared(value: Pair())
    let left = pair.left
    pair.withLock { $0.right = 1 }
    let heard = LockIsolated(0)
    withObservationTracking {
      _ = left.wrappedValue
    } onChange: {
      heard.withLock { $0 += 1 }
    }
    pair.withLock { $0.left = 2 }
    #expect(heard.value == 1)
    #expect(left.wrappedValue == 2)
  }
}
