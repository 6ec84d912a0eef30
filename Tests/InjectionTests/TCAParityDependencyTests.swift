import Foundation
import Injection
import Testing

/// What TCA code does with dependencies: a state whose initializer reads one is built inside the
/// test store's overrides, `date.now` is settable, and `withRandomNumberGenerator` exists.
@MainActor
@Suite struct TCAParityDependencyTests {
  /// SyncUps' shape: the state makes its own id.
  struct Feature: Reducer {
    struct State: Equatable {
      let id: UUID
      var createdAt: Date?
      var roll = 0

      init() {
        @Dependency(\.uuid) var uuid
        self.id = uuid()
      }
    }
    enum Action: Equatable { case stamp, roll }
    @Dependency(\.date) var date
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .stamp:
        state.createdAt = date.now
      case .roll:
        state.roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
      }
      return .none
    }
  }

  @Test func theInitialStateIsBuiltInsideTheOverrides() async throws {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    #expect(store.state.id == UUID(0))
    try await store.finish()
  }

  @Test func theDatesNowIsSettable() async throws {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    }
    try await store.send(.stamp) { $0.createdAt = Date(timeIntervalSince1970: 1_234_567_890) }
    store.dependencies.date.now = Date(timeIntervalSince1970: 0)
    try await store.send(.stamp) { $0.createdAt = Date(timeIntervalSince1970: 0) }
    try await store.finish()
  }

  @Test func tellingTheDateWithoutAnOverrideFails() {
    withKnownIssue {
      @Dependency(\.date) var date
      _ = date.now
    } matching: { issue in
      "\(issue)".contains("'@Dependency(\\.date)' has no test value")
    }
  }

  /// A generator whose numbers a test knows in advance.
  struct Counting: RandomNumberGenerator, Sendable {
    var state: UInt64 = 0
    mutating func next() -> UInt64 {
      defer { state &+= 0x2545_F491_4F6C_DD1D }
      return state
    }
  }

  @Test func withRandomNumberGeneratorDrawsFromTheOverride() async throws {
    var expected = Counting()
    let first = Int.random(in: 1...6, using: &expected)
    let second = Int.random(in: 1...6, using: &expected)
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(Counting())
    }
    try await store.send(.roll) { $0.roll = first }
    // The generator is shared: the next roll draws the next numbers.
    try await store.send(.roll) { $0.roll = second }
    try await store.finish()
  }

  @Test func theLiveGeneratorGivesNumbersInRange() {
    let live = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
      return (0..<100).map { _ in withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) } }
    }
    #expect(live.allSatisfy { (1...6).contains($0) })
  }
}
