import EffectCore
import Foundation
import Injection
import Testing

/// `store.dependencies`: the values a test store's feature runs with, read and changed between
/// sends, and in force in its assertion closures.
@MainActor
@Suite struct TestStoreDependenciesTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var greeting = ""
      var stamp: Date?
      var isDone = false
    }
    enum Action: Equatable {
      case greet(String)
      case stamp
      case wait
      case done
    }
    @Dependency(\.greeter) var greeter
    @Dependency(\.date) var date
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .greet(let name):
        state.greeting = greeter.greet(name)
        return .none
      case .stamp:
        state.stamp = date.now
        return .none
      case .wait:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.done)
        }
      case .done:
        state.isDone = true
        return .none
      }
    }
  }

  @Test func dependenciesChangedBetweenSendsReachLaterActions() async throws {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    try await store.send(.greet("Blob")) { $0.greeting = "Test, Blob" }
    store.dependencies.greeter = Greeter { "Howdy, \($0)" }
    try await store.send(.greet("Blob")) { $0.greeting = "Howdy, Blob" }
    try await store.finish()
  }

  @Test func aClockSetBetweenSendsDrivesTheEffectsStartedAfter() async throws {
    let first = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = first
    }
    let second = TestClock()
    store.dependencies.continuousClock = second
    try await store.send(.wait)
    await first.advance(by: .seconds(1))
    #expect(store.receivedActions.isEmpty)
    await second.advance(by: .seconds(1))
    try await store.receive(.done) { $0.isDone = true }
    try await store.finish()
  }

  @Test func readingGivesTheValuesTheStoreWasMadeWith() {
    let date = Date(timeIntervalSince1970: 1_000)
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.date = .constant(date)
    }
    #expect(store.dependencies.date.now == date)
    #expect(store.dependencies.context == .test)
    #expect(store.dependencies.greeter.greet("A") == "Test, A")
  }

  @Test func theStoresDependenciesAreInForceInAssertionClosures() async throws {
    let date = Date(timeIntervalSince1970: 2_000)
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.dependencies.date = .constant(date)
    try await store.send(.stamp) {
      @Dependency(\.date) var now
      $0.stamp = now.now
    }
    #expect(store.state.stamp == date)
    try await store.finish()
  }
}

/// Docs/Testing.md's example, as written there.
struct Stamp: Reducer {
  struct State: Equatable { var stamped: Date? }
  enum Action: Equatable { case stamp }
  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.stamped = date.now
    return .none
  }
}

@MainActor
@Test func stampUsesTheStoresDate() async throws {
  let store = TestStore(initialState: Stamp.State()) { Stamp() }
  store.dependencies.date = .constant(Date(timeIntervalSince1970: 0))
  try await store.send(.stamp) {
    @Dependency(\.date) var date  // the store's, inside the closure
    $0.stamped = date.now
  }
}
