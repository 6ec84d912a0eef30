import EffectCore
import Injection
import Testing

/// The navigation of TCA's SyncUps example, written for this toolkit as a TCA user would: a
/// list that presents an add form or an alert, a stack of detail screens, a detail that presents
/// an edit form or a delete alert and dismisses itself with `@Dependency(\.dismiss)`. No
/// workaround code: the reducers and tests keep the shape of TCA's (delegate actions, as its
/// version before `@Shared` had).
@MainActor
@Suite struct SyncUpsNavigationTests {
  struct SyncUp: Equatable, Identifiable, Sendable {
    let id: Int
    var title = ""
  }

  struct SyncUpForm: Reducer {
    struct State: Equatable { var syncUp: SyncUp }
    enum Action: Equatable { case setTitle(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .setTitle(let title):
        state.syncUp.title = title
        return .none
      }
    }
  }

  struct SyncUpDetail: Reducer {
    struct Destination: Reducer {
      enum State: Equatable {
        case alert(AlertState<Alert>)
        case edit(SyncUpForm.State)
      }
      enum Action: Equatable {
        case alert(Alert)
        case edit(SyncUpForm.Action)
      }
      enum Alert: Equatable { case confirmDeletion }

      var body: some Reducer<State, Action> {
        Scope(state: /State.edit, action: /Action.edit) { SyncUpForm() }
      }
    }

    struct State: Equatable {
      @PresentationState var destination: Destination.State?
      var syncUp: SyncUp
    }
    enum Action: Equatable {
      case cancelEditButtonTapped
      case delegate(Delegate)
      case deleteButtonTapped
      case destination(PresentationAction<Destination.Action>)
      case doneEditingButtonTapped
      case editButtonTapped
      enum Delegate: Equatable {
        case deleteSyncUp
        case syncUpUpdated(SyncUp)
      }
    }

    @Dependency(\.dismiss) var dismiss

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .cancelEditButtonTapped:
          state.destination = nil
          return .none
        case .delegate:
          return .none
        case .deleteButtonTapped:
          state.destination = .alert(.deleteSyncUp)
          return .none
        case .destination(.presented(.alert(.confirmDeletion))):
          return .run { send in
            await send(.delegate(.deleteSyncUp))
            await dismiss()
          }
        case .destination:
          return .none
        case .doneEditingButtonTapped:
          guard case .edit(let form)? = state.destination else { return .none }
          state.syncUp = form.syncUp
          state.destination = nil
          return .none
        case .editButtonTapped:
          state.destination = .edit(SyncUpForm.State(syncUp: state.syncUp))
          return .none
        }
      }
      .ifLet(\.$destination, action: /Action.destination) { Destination() }
      .onChange(of: \.syncUp) { _, syncUp, _ in .send(.delegate(.syncUpUpdated(syncUp))) }
    }
  }

  struct SyncUpsList: Reducer {
    struct Destination: Reducer {
      enum State: Equatable {
        case add(SyncUpForm.State)
        case alert(AlertState<Alert>)
      }
      enum Action: Equatable {
        case add(SyncUpForm.Action)
        case alert(Alert)
      }
      enum Alert: Equatable { case confirmLoadMockData }

      var body: some Reducer<State, Action> {
        Scope(state: /State.add, action: /Action.add) { SyncUpForm() }
      }
    }

    struct State: Equatable {
      @PresentationState var destination: Destination.State?
      var syncUps: IdentifiedArrayOf<SyncUp> = []
      var nextID = 0
    }
    enum Action: Equatable {
      case addSyncUpButtonTapped
      case confirmAddSyncUpButtonTapped
      case destination(PresentationAction<Destination.Action>)
      case dismissAddSyncUpButtonTapped
      case loadMockDataTapped
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .addSyncUpButtonTapped:
          state.destination = .add(SyncUpForm.State(syncUp: SyncUp(id: state.nextID)))
          state.nextID += 1
        case .confirmAddSyncUpButtonTapped:
          guard case .add(let form)? = state.destination else { return .none }
          state.syncUps.append(form.syncUp)
          state.destination = nil
        case .destination(.presented(.alert(.confirmLoadMockData))):
          state.syncUps = [SyncUp(id: 100, title: "Mock")]
        case .destination:
          break
        case .dismissAddSyncUpButtonTapped:
          state.destination = nil
        case .loadMockDataTapped:
          state.destination = .alert(
            AlertState {
              TextState("Load mock data?")
            } actions: {
              ButtonState(action: .confirmLoadMockData) { TextState("Yes") }
              ButtonState(role: .cancel) { TextState("Cancel") }
            })
        }
        return .none
      }
      .ifLet(\.$destination, action: /Action.destination) { Destination() }
    }
  }

  struct AppFeature: Reducer {
    struct Path: Reducer {
      enum State: Equatable { case detail(SyncUpDetail.State) }
      enum Action: Equatable { case detail(SyncUpDetail.Action) }

      var body: some Reducer<State, Action> {
        Scope(state: /State.detail, action: /Action.detail) { SyncUpDetail() }
      }
    }

    struct State: Equatable {
      var path = StackState<Path.State>()
      var syncUpsList = SyncUpsList.State()
    }
    enum Action: Equatable {
      case path(StackAction<Path.State, Path.Action>)
      case syncUpsList(SyncUpsList.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.syncUpsList, action: /Action.syncUpsList) { SyncUpsList() }
      Reduce { state, action in
        switch action {
        case .path(.element(id: let id, action: .detail(.delegate(let delegate)))):
          guard case .detail(let detail)? = state.path[id: id] else { return .none }
          switch delegate {
          case .deleteSyncUp:
            state.syncUpsList.syncUps.remove(id: detail.syncUp.id)
          case .syncUpUpdated(let syncUp):
            state.syncUpsList.syncUps[id: syncUp.id] = syncUp
          }
          return .none
        case .path, .syncUpsList:
          return .none
        }
      }
      .forEach(\.path, action: /Action.path) { Path() }
    }
  }

  static let morning = SyncUp(id: 1, title: "Morning")

  @Test func detailEdit() async throws {
    let store = TestStore(
      initialState: AppFeature.State(syncUpsList: .init(syncUps: [Self.morning]))
    ) {
      AppFeature()
    }
    try await store.send(.path(.push(id: 0, state: .detail(.init(syncUp: Self.morning))))) {
      $0.path[id: 0] = .detail(.init(syncUp: Self.morning))
    }
    try await store.send(.path(.element(id: 0, action: .detail(.editButtonTapped)))) {
      $0.path[id: 0, case: /AppFeature.Path.State.detail]?.destination = .edit(
        SyncUpForm.State(syncUp: Self.morning))
    }
    try await store.send(
      .path(.element(id: 0, action: .detail(.destination(.presented(.edit(.setTitle("Blob")))))))
    ) {
      $0.path[id: 0, case: /AppFeature.Path.State.detail]?
        .$destination[case: /SyncUpDetail.Destination.State.edit]?.syncUp.title = "Blob"
    }
    try await store.send(.path(.element(id: 0, action: .detail(.doneEditingButtonTapped)))) {
      $0.path[id: 0, case: /AppFeature.Path.State.detail]?.destination = nil
      $0.path[id: 0, case: /AppFeature.Path.State.detail]?.syncUp.title = "Blob"
    }
    try await store.receive(
      .path(
        .element(id: 0, action: .detail(.delegate(.syncUpUpdated(SyncUp(id: 1, title: "Blob"))))))
    ) {
      $0.syncUpsList.syncUps[id: 1]?.title = "Blob"
    }
    try await store.finish()
  }

  @Test func delete() async throws {
    let store = TestStore(
      initialState: AppFeature.State(syncUpsList: .init(syncUps: [Self.morning]))
    ) {
      AppFeature()
    }
    try await store.send(.path(.push(id: 0, state: .detail(.init(syncUp: Self.morning))))) {
      $0.path[id: 0] = .detail(.init(syncUp: Self.morning))
    }
    try await store.send(.path(.element(id: 0, action: .detail(.deleteButtonTapped)))) {
      $0.path[id: 0, case: /AppFeature.Path.State.detail]?.destination = .alert(.deleteSyncUp)
    }
    try await store.send(
      .path(.element(id: 0, action: .detail(.destination(.presented(.alert(.confirmDeletion))))))
    ) {
      $0.path[id: 0, case: /AppFeature.Path.State.detail]?.destination = nil
    }
    try await store.receive(
      /AppFeature.Action.path .. .element(id: 0) .. /AppFeature.Path.Action.detail
    ) {
      $0.syncUpsList.syncUps = []
    }
    try await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
    try await store.finish()
  }

  @Test func addSyncUp() async throws {
    let store = TestStore(initialState: SyncUpsList.State()) { SyncUpsList() }
    try await store.send(.addSyncUpButtonTapped) {
      $0.destination = .add(SyncUpForm.State(syncUp: SyncUp(id: 0)))
      $0.nextID = 1
    }
    try await store.send(.destination(.presented(.add(.setTitle("Engineering"))))) {
      $0.$destination[case: /SyncUpsList.Destination.State.add]?.syncUp.title = "Engineering"
    }
    try await store.send(.confirmAddSyncUpButtonTapped) {
      $0.destination = nil
      $0.syncUps = [SyncUp(id: 0, title: "Engineering")]
    }
    try await store.send(.addSyncUpButtonTapped) {
      $0.destination = .add(SyncUpForm.State(syncUp: SyncUp(id: 1)))
      $0.nextID = 2
    }
    try await store.send(.dismissAddSyncUpButtonTapped) { $0.destination = nil }
    try await store.finish()
  }

  @Test func loadingMockDataThroughAnAlert() async throws {
    let store = TestStore(initialState: SyncUpsList.State()) { SyncUpsList() }
    try await store.send(.loadMockDataTapped) {
      $0.destination = .alert(
        AlertState {
          TextState("Load mock data?")
        } actions: {
          ButtonState(action: .confirmLoadMockData) { TextState("Yes") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        })
    }
    try await store.send(.destination(.presented(.alert(.confirmLoadMockData)))) {
      $0.destination = nil
      $0.syncUps = [SyncUp(id: 100, title: "Mock")]
    }
    try await store.finish()
  }

  @Test func deleteInIsolationDismissesTheTestStore() async throws {
    let store = TestStore(
      initialState: SyncUpDetail.State(destination: .alert(.deleteSyncUp), syncUp: Self.morning)
    ) {
      SyncUpDetail()
    }
    try await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.destination = nil
    }
    try await store.receive(.delegate(.deleteSyncUp))
    #expect(await waitUntil { store.isDismissed })
    try await store.finish()
  }

  @Test func aReplacedDismissIsCalledForAFeatureTestedOnItsOwn() async throws {
    let dismissed = LockIsolated(false)
    let store = TestStore(
      initialState: SyncUpDetail.State(destination: .alert(.deleteSyncUp), syncUp: Self.morning)
    ) {
      SyncUpDetail()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.withLock { $0 = true } }
    }
    try await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.destination = nil
    }
    try await store.receive(.delegate(.deleteSyncUp))
    #expect(await waitUntil { store.isDismissed })
    #expect(dismissed.value)
    try await store.finish()
  }
}

extension AlertState where Action == SyncUpsNavigationTests.SyncUpDetail.Destination.Alert {
  static var deleteSyncUp: Self {
    Self {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
      ButtonState(role: .cancel) { TextState("Nevermind") }
    } message: {
      TextState("Are you sure you want to delete this meeting?")
    }
  }
}

/// Yields, then polls in real time for at most ten seconds, until `condition` holds.
@MainActor
private func waitUntil(_ condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: .seconds(10))
  while !condition() {
    guard clock.now < deadline else { return false }
    await Task.yield()
    try? await clock.sleep(for: .milliseconds(1))
  }
  return true
}
