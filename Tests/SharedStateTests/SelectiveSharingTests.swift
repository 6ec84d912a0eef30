import SharedState
import Testing

@MainActor
@Suite struct SelectiveSharingTests {
  @Test func eachChildSeesTheValueItsParentChoseForIt() async throws {
    let store = TestStore(initialState: Chooser.State()) { Chooser() }
    let observation = try await store.send(.a(.task))
    try await store.receive(.a(.counter(.willChange(10)))) { $0.a.counter = 10 }
    let observation2 = try await store.send(.b(.task))
    try await store.receive(.b(.counter(.willChange(20)))) { $0.b.counter = 20 }
    let observation3 = try await store.send(.c(.task))
    try await store.receive(.c(.counter(.willChange(20)))) { $0.c.counter = 20 }
    try await store.send(.setLeft(11)) { $0.left = 11 }
    try await store.receive(.a(.counter(.willChange(11)))) { $0.a.counter = 11 }
    // b and c share `right`; they hear it in the order they started observing.
    try await store.send(.setRight(21)) { $0.right = 21 }
    try await store.receive(.b(.counter(.willChange(21)))) { $0.b.counter = 21 }
    try await store.receive(.c(.counter(.willChange(21)))) { $0.c.counter = 21 }
    await observation.cancel()
    await observation2.cancel()
    await observation3.cancel()
    try await store.finish()
  }
}
