import Foundation
import SharedState
import Testing

@MainActor
@Suite struct StateWrapperTests {
  @Test func equalityAndHashingSeeTheValueAlone() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let observation = try await store.send(.child(.task))
    var fresh = Parent.State()
    #expect(store.state == fresh)
    fresh.counter = 5
    #expect(store.state != fresh)
    #expect(Set([ChildState<CounterKey>(wrappedValue: 1), ChildState(wrappedValue: 1)]).count == 1)
    #expect(ParentState<UnitKey>().hashValue == ParentState<UnitKey>(wrappedValue: "km").hashValue)
    await observation.cancel()
    try await store.finish()
  }

  @Test func codingSeesTheValueAlone() throws {
    struct Settings: Codable, Equatable {
      @ParentState<UnitKey> var unit
      @ChildState<CounterKey> var counter
    }
    var settings = Settings()
    settings.unit = "mi"
    settings.counter = 9
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(settings)
    #expect(String(decoding: data, as: UTF8.self) == #"{"counter":9,"unit":"mi"}"#)
    #expect(try JSONDecoder().decode(Settings.self, from: data) == settings)
  }

  @Test func failuresShowTheValueAlone() async throws {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let failure = try #require(
      try await TestStoreFailure.collect {
        try await store.send(.increment) { $0.counter = 6 }
      }.first)
    #expect(failure.message.contains("-   counter: 6"))
    #expect(failure.message.contains("+   counter: 5"))
    #expect(!failure.message.contains("channel"))
  }

  @Test func printingShowsTheValueAlone() {
    var state = Child.State.with(counter: 3)
    state.value = 1
    #expect(String(describing: state).contains("_counter: 3"))
    #expect(String(describing: ParentState<UnitKey>()) == #""km""#)
  }
}
