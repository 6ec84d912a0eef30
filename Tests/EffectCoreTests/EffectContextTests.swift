import EffectCore
import Testing

/// Effects keep the contexts where they were built: the transforms of `map` run inside the
/// contexts of the reducers that returned the effect, and the store's next reduce outside them.
@MainActor
@Suite struct EffectContextTests {
  typealias Tenant = ReducerContextTests.Tenant

  struct Feature: Reducer {
    struct State: Equatable { var seen: [[String]] = [] }
    enum Action: Equatable {
      case start, subscribe
      case inner(Inner)
      case mapped([String])
      case reduced
    }
    enum Inner: Equatable { case done }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return Effect<Inner>.run { send in await send(.done) }
          .map { _ in Action.mapped(Tenant.names) }
      case .subscribe:
        return Effect<Inner>.subscribe { send in
          // Reported later, from a task that knows nothing of the contexts.
          Task.detached { @MainActor in send.synchronously(.done) }
          return {}
        }
        .map { _ in Action.mapped(Tenant.names) }
      case .mapped(let names):
        state.seen.append(names)
        return .send(.reduced)
      case .reduced:
        // The reducer enters its contexts again from the root: they are not doubled.
        state.seen.append(Tenant.names)
        return .none
      case .inner:
        return .none
      }
    }
  }

  @Test(arguments: [false, true])
  func mapRunsInsideTheContextsOfTheReducerThatReturnedTheEffect(inherited: Bool) async throws {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
        .context(Tenant(name: "inner", inherited: inherited))
        .context(Tenant(name: "outer", inherited: inherited))
    }
    try await store.send(.start)
    try await store.receive(.mapped(["outer", "inner"])) { $0.seen = [["outer", "inner"]] }
    try await store.receive(.reduced) { $0.seen.append(["outer", "inner"]) }
    try await store.finish()
  }

  @Test func subscriptionsMapInsideTheirContextsToo() async throws {
    let store = Store(initialState: Feature.State()) {
      Feature().context(Tenant(name: "acme"))
    }
    store.send(.subscribe)
    while store.state.seen.isEmpty { await Task.yield() }
    #expect(store.state.seen == [["acme"], ["acme"]])
  }

  @Test func aPlainEffectMapsOutsideAnyContext() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    try await store.send(.start)
    try await store.receive(.mapped([])) { $0.seen = [[]] }
    try await store.receive(.reduced) { $0.seen.append([]) }
    try await store.finish()
  }
}
