import EffectCore
import Foundation
import Injection
import InjectionTestSupport
import Testing

/// The Swift Testing traits of InjectionTestSupport, as swift-dependencies' test support has them.
@Suite struct TestTraitTests {
  @Test(.dependency(\.date.now, Date(timeIntervalSinceReferenceDate: 0)))
  func aTestTraitSetsADependency() {
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 0))
  }

  @Suite(.dependency(\.date.now, Date(timeIntervalSinceReferenceDate: 0)))
  struct InnerSuite {
    @Test func aSuiteTraitReachesItsTests() {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test(.dependency(\.date.now, Date(timeIntervalSinceReferenceDate: 1)))
    func aTestsTraitWinsOverItsSuites() {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSinceReferenceDate: 1))
    }

    @Test(.dependency(\.date.now, Date(timeIntervalSinceReferenceDate: 1)))
    func withDependenciesWinsOverTheTrait() {
      withDependencies {
        $0.date.now = Date(timeIntervalSinceReferenceDate: 2)
      } operation: {
        @Dependency(\.date.now) var now
        #expect(now == Date(timeIntervalSinceReferenceDate: 2))
      }
    }

    @Suite(.dependency(\.int, 5))
    struct Nested {
      @Test(.dependencies)
      func aNestedSuiteKeepsItsParentsAndAddsItsOwn() {
        @Dependency(\.date.now) var now
        @Dependency(\.int) var int
        #expect(now == Date(timeIntervalSinceReferenceDate: 0))
        #expect(int == 5)
      }
    }
  }

  @Test(.dependencies, .serialized, arguments: 1...5)
  func eachCaseStartsFromFreshValues(_ argument: Int) {
    @Dependency(\.madeCounter) var counter
    #expect(counter.increment() == 1)
  }

  @Test(.dependencies) func aTestUnderTheTraitStartsFresh() {
    @Dependency(\.madeCounter) var counter
    #expect(counter.increment() == 1)
  }

  @Test(.dependency(\.uuid, .incrementing), .serialized, arguments: [1, 2, 3])
  func aTraitsValueIsMadeAnewForEachCase(_ argument: Int) {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(0))
  }

  private static let mockBase = Base { 7 }

  @Test(.dependency(mockBase))
  func aValueOfAKeyTypeSetsItsKey() {
    @Dependency(Base.self) var base
    #expect(base.fetch() == 7)
  }

  @Test(.dependency(\.nonSendableBox, NonSendableBox()))
  func aValueThatIsNotSendableCompiles() {
    @Dependency(\.nonSendableBox) var box
    #expect(box.count == 0)
  }

  @Test(
    .dependencies {
      $0.int = 10
      $0.string = "block"
    })
  func theBlockTraitSetsSeveral() {
    #expect(DependencyValues._current.int == 10)
    #expect(DependencyValues._current.string == "block")
  }

  @Test(.dependencies { $0.int = 3 })
  func aTestStoreMadeInTheTestSeesTheTraitsValues() async throws {
    let store = await TestStore(initialState: ReadsInt.State()) { ReadsInt() }
    try await store.send(.read) { $0.value = 3 }
    try await store.receive(.readInEffect(3)) { $0.effectValue = 3 }
  }

  @Suite(.dependency(\.continuousClock, TestClock()))
  struct Cast {
    @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock

    @Test func aPropertyReadsTheClockAsTheTestSetIt() async {
      let now = clock.now
      await clock.advance(by: .seconds(1))
      #expect(now.duration(to: clock.now) == .seconds(1))
    }

    @Test func aKeyCastsToo() {
      @Dependency(Base.self, as: Base.self) var base
      #expect(base.fetch() == 42)
    }
  }

  @Test func aFailedCastStopsTheTestProcess() async {
    await #expect(processExitsWith: .failure) {
      @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock
      _ = clock.now
    }
  }
}

/// Not `Sendable`: the trait still takes it (its autoclosure makes it in the test).
final class NonSendableBox {
  var count = 0
}

enum NonSendableBoxKey: TestDependencyKey {
  static var testValue: UncheckedBox { UncheckedBox(box: NonSendableBox()) }
}

struct UncheckedBox: @unchecked Sendable {
  let box: NonSendableBox
}

extension DependencyValues {
  var nonSendableBox: NonSendableBox {
    get { self[NonSendableBoxKey.self].box }
    set { self[NonSendableBoxKey.self] = UncheckedBox(box: newValue) }
  }
}

struct ReadsInt: Reducer {
  struct State: Equatable {
    var value = 0
    var effectValue = 0
  }
  enum Action: Equatable {
    case read
    case readInEffect(Int)
  }
  @Dependency(\.int) var int

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.value = int
      return .run { send in
        @Dependency(\.int) var int
        await send(.readInEffect(int))
      }
    case .readInEffect(let value):
      state.effectValue = value
      return .none
    }
  }
}
