import EffectCore
import Testing

/// Where `DismissEffect` reaches its presentation from: every kind of effect a presented child
/// can return, a grandchild a plain `Scope` holds, and a nested presentation.
@MainActor
@Suite struct DismissEffectTests {
  enum Way: Equatable, Sendable {
    case run, concatenatedWithID, inTaskCancellation, inUnstructuredTask, merged
  }

  struct Closer: Reducer {
    struct State: Equatable {}
    enum Action: Equatable { case close(Way) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      let dismiss = DismissEffect()
      switch action {
      case .close(.run):
        return .run { _ in await dismiss() }
      case .close(.concatenatedWithID):
        // A part with an id of its own runs in a task of its own, which keeps the dismissal of
        // the effect it is part of.
        return .concatenate(.none, .run { _ in await dismiss() }.cancellable(id: "part"))
      case .close(.inTaskCancellation):
        return .run { _ in
          await withTaskCancellation(id: "operation") { await dismiss() }
        }
      case .close(.inUnstructuredTask):
        return .run { _ in await Task { await dismiss() }.value }
      case .close(.merged):
        return .merge(.run { _ in }, .run { _ in await dismiss() })
      }
    }
  }

  /// A presented child whose closer is a grandchild held by a plain `Scope`.
  struct Sheet: Reducer {
    struct State: Equatable {
      var closer = Closer.State()
      @PresentationState var inner: Closer.State?
    }
    enum Action: Equatable {
      case closer(Closer.Action)
      case inner(PresentationAction<Closer.Action>)
    }
    var body: some Reducer<State, Action> {
      Scope(state: \.closer, action: /Action.closer) { Closer() }
      EmptyReducer()
        .ifLet(\.$inner, action: /Action.inner) { Closer() }
    }
  }

  struct Host: Reducer {
    struct State: Equatable { @PresentationState var sheet: Sheet.State? = Sheet.State() }
    enum Action: Equatable { case sheet(PresentationAction<Sheet.Action>) }
    var body: some Reducer<State, Action> {
      EmptyReducer().ifLet(\.$sheet, action: /Action.sheet) { Sheet() }
    }
  }

  @Test(arguments: [
    Way.run, .concatenatedWithID, .inTaskCancellation, .inUnstructuredTask, .merged,
  ])
  func aGrandchildUnderAScopeDismissesThePresentedChild(way: Way) async throws {
    let store = TestStore(initialState: Host.State()) { Host() }
    try await store.send(.sheet(.presented(.closer(.close(way)))))
    try await store.receive(.sheet(.dismiss)) { $0.sheet = nil }
    try await store.finish()
  }

  @Test func aNestedPresentationDismissesItsOwnChildOnly() async throws {
    let store = TestStore(
      initialState: Host.State(sheet: Sheet.State(inner: Closer.State()))
    ) {
      Host()
    }
    try await store.send(.sheet(.presented(.inner(.presented(.close(.run))))))
    try await store.receive(.sheet(.presented(.inner(.dismiss)))) { $0.sheet?.inner = nil }
    try await store.finish()
  }
}
