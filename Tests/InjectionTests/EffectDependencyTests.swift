import EffectCore
import Injection
import Testing

/// Effects keep the dependencies in force where they were made, and their `map` transforms read
/// the dependencies of the reducer that returned them.
@MainActor
@Suite struct EffectDependencyTests {
  struct Feature: Reducer {
    struct State: Equatable {}
    enum Action: Equatable {
      case overrideInside, mapReads
      case greeted(String)
      case done
    }
    @Dependency(\.greeter) var greeter

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .overrideInside:
        return withDependencies {
          $0.greeter = Greeter { "Hola, \($0)" }
        } operation: {
          .run { send in
            @Dependency(\.greeter) var greeter
            await send(.greeted(greeter.greet("Blob")))
          }
        }
      case .mapReads:
        return Effect<Void>.run { send in await send(()) }
          .map { _ in
            @Dependency(\.greeter) var greeter
            return .greeted(greeter.greet("Blob"))
          }
      case .greeted, .done:
        return .none
      }
    }
  }

  @Test func anEffectBuiltInsideWithDependenciesKeepsTheOverrides() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    try await store.send(.overrideInside)
    try await store.receive(.greeted("Hola, Blob"))
    try await store.finish()
  }

  @Test func mapReadsTheDependenciesOfTheReducerThatReturnedTheEffect() async throws {
    let store = TestStore(initialState: Feature.State()) {
      Feature().dependency(\.greeter, Greeter { "Hi, \($0)" })
    }
    try await store.send(.mapReads)
    try await store.receive(.greeted("Hi, Blob"))
    try await store.finish()
  }
}
