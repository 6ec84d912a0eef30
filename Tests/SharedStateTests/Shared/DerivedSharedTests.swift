import Foundation
import Observation
import SharedState
import Testing

/// Shared references derived from others: a member (`$syncUp.title`), an optional unwrapped
/// (`Shared($syncUps[id: id])`). They read and change the root, for every holder.
@MainActor
struct DerivedSharedTests {
  struct SyncUp: Codable, Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
    var minutes = 5
  }

  struct Detail: Reducer {
    struct State: Equatable {
      @Shared var syncUp: SyncUp
    }
    enum Action: Equatable { case rename(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .rename(let title):
        state.$syncUp.title.withLock { $0 = title }
        return .none
      }
    }
  }

  struct List: Reducer {
    struct State: Equatable {
      @Shared var syncUps: IdentifiedArrayOf<SyncUp>
      var detail: Detail.State?
    }
    enum Action: Equatable {
      case open(id: Int)
      case delete(id: Int)
      case detail(Detail.Action)
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .open(let id):
          guard let syncUp = Shared(state.$syncUps[id: id]) else { return .none }
          state.detail = Detail.State(syncUp: syncUp)
          return .none
        case .delete(let id):
          state.$syncUps.withLock { _ = $0.remove(id: id) }
          return .none
        case .detail:
          return .none
        }
      }
      .ifLet(\.detail, action: /Action.detail) { Detail() }
    }
  }

  @Test func aMemberReadsAndChangesTheRootForEveryHolder() {
    let syncUp = Shared(value: SyncUp(id: 1, title: "Design"))
    let title = syncUp.title
    let other = syncUp
    title.withLock { $0 = "Engineering" }
    #expect(other.wrappedValue.title == "Engineering")
    other.withLock { $0.title = "Product" }
    #expect(title.wrappedValue == "Product")
    // A member of a member.
    let minutes = syncUp.minutes
    minutes.withLock { $0 += 10 }
    #expect(syncUp.wrappedValue.minutes == 15)
  }

  @Test func anElementHeldByAChildIsTheListsElementAcrossStores() {
    let syncUps = Shared(
      value: IdentifiedArrayOf<SyncUp>(uniqueElements: [
        SyncUp(id: 1, title: "Design"), SyncUp(id: 2, title: "Engineering"),
      ]))
    let first = Store(initialState: List.State(syncUps: syncUps)) { List() }
    let second = Store(initialState: List.State(syncUps: syncUps)) { List() }
    first.send(.open(id: 2))
    first.send(.detail(.rename("Platform")))
    #expect(second.syncUps[id: 2]?.title == "Platform")
    #expect(syncUps.wrappedValue[id: 2]?.title == "Platform")
  }

  @Test func aTestStoreAssertsAChangeMadeThroughADerivedReference() async throws {
    let store = TestStore(
      initialState: List.State(
        syncUps: Shared(value: [SyncUp(id: 1, title: "Design")]))
    ) {
      List()
    }
    try await store.send(.open(id: 1)) {
      $0.detail = Detail.State(syncUp: Shared($0.$syncUps[id: 1])!)
    }
    // The closure may describe the change through the list or through the child's reference.
    try await store.send(.detail(.rename("Platform"))) {
      $0.detail?.$syncUp.title.withLock { $0 = "Platform" }
    }
    try await store.send(.detail(.rename("Infra"))) {
      $0.$syncUps.withLock { $0[id: 1]?.title = "Infra" }
    }
  }

  @Test func anUnassertedChangeThroughADerivedReferenceFails() async throws {
    let store = TestStore(
      initialState: List.State(syncUps: Shared(value: [SyncUp(id: 1, title: "Design")]))
    ) {
      List()
    }
    let syncUp = Shared(store.state.$syncUps[id: 1])!
    try await store.send(.open(id: 1)) { $0.detail = Detail.State(syncUp: syncUp) }
    let failures = try await TestStoreFailure.collect {
      try await store.send(.detail(.rename("Platform")))
    }
    #expect(failures.count == 1)
    let message = try #require(failures.first?.message)
    #expect(message.contains("Platform"))
  }

  @Test func anUnwrappedElementKeepsItsLastValueOnceRemoved() {
    let syncUps = Shared(
      value: IdentifiedArrayOf<SyncUp>(uniqueElements: [
        SyncUp(id: 1, title: "Design")
      ]))
    #expect(Shared(syncUps[id: 2]) == nil)
    let syncUp = try! #require(Shared(syncUps[id: 1]))
    syncUp.withLock { $0.title = "Platform" }
    #expect(syncUps.wrappedValue[id: 1]?.title == "Platform")
    syncUps.withLock { _ = $0.remove(id: 1) }
    // Gone from the list: reads give the last value, and changes change it (the list stays
    // without it), as in swift-sharing.
    #expect(syncUp.wrappedValue.title == "Platform")
    let copy = syncUp
    syncUp.withLock { $0.title = "Kept" }
    #expect(syncUps.wrappedValue.isEmpty)
    #expect(syncUp.wrappedValue.title == "Kept")
    #expect(copy.wrappedValue.title == "Kept")
  }

  @Test func aChangeThroughAMemberIsSavedWithTheFile() throws {
    let files = FileStorage.inMemory()
    let url = URL(fileURLWithPath: "/sync-ups.json")
    let syncUps = withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      Shared<IdentifiedArrayOf<SyncUp>>(
        wrappedValue: IdentifiedArrayOf(uniqueElements: [SyncUp(id: 1, title: "Design")]),
        .fileStorage(url))
    }
    let title = try #require(Shared(syncUps[id: 1])).title
    title.withLock { $0 = "Platform" }
    let data = try #require(files.contents(of: url))
    let saved = try JSONDecoder().decode(IdentifiedArrayOf<SyncUp>.self, from: data)
    #expect(saved[id: 1]?.title == "Platform")
  }

  @Test func observersOfAMemberHearAChangeOfTheRoot() {
    let syncUp = Shared(value: SyncUp(id: 1, title: "Design"))
    let title = syncUp.title
    let heard = LockIsolated(0)
    withObservationTracking {
      _ = title.wrappedValue
    } onChange: {
      heard.withLock { $0 += 1 }
    }
    syncUp.withLock { $0.minutes = 10 }
    #expect(heard.value == 1)
  }

  @Test func aSharedValueEncodesAsItsValueAndDecodesToANewReference() throws {
    let syncUp = Shared(value: SyncUp(id: 1, title: "Design"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(syncUp)
    #expect(data == (try encoder.encode(SyncUp(id: 1, title: "Design"))))
    let decoded = try JSONDecoder().decode(Shared<SyncUp>.self, from: data)
    #expect(decoded == syncUp)
    decoded.withLock { $0.title = "Copy" }
    #expect(syncUp.wrappedValue.title == "Design")
    #expect(decoded.id == 1)
  }
}
