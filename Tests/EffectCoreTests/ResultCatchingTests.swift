import EffectCore
import Testing

@MainActor
@Suite struct ResultCatchingTests {
  struct Failure: Error, Equatable {}

  func fetch(_ value: Int) async throws -> Int {
    await Task.yield()
    if value < 0 { throw Failure() }
    return value * 2
  }

  @Test func capturesAValueOrAnError() async throws {
    let success = await Result { try await fetch(2) }
    #expect(try success.get() == 4)
    let failure = await Result { try await fetch(-1) }
    #expect(throws: Failure.self) { try failure.get() }
  }

  @Test func anEffectTurnsARequestIntoAnAction() async throws {
    enum Action: Equatable {
      case load
      case response(Result<Int, Failure>)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .load:
          return .run { send in
            await send(.response(Result { () async throws(Failure) -> Int in 21 * 2 }))
          }
        case .response(.success(let value)):
          state = value
          return .none
        case .response(.failure):
          return .none
        }
      }
    }
    try await store.send(.load)
    try await store.receive(.response(.success(42))) { $0 = 42 }
    try await store.finish()
  }
}
