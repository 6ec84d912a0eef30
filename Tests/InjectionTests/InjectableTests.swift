import Injection
import Testing

enum Services {
  static let uniqueCounter = Counter()
  static let unique = Injectable { uniqueCounter.increment() }
  static let cachedCounter = Counter()
  static let cached = Injectable(scope: .cached) { cachedCounter.increment() }
  static let singletonCounter = Counter()
  static let singleton = Injectable(scope: .singleton) { singletonCounter.increment() }
  static let concurrentCounter = Counter()
  static let concurrent = Injectable(scope: .cached) { concurrentCounter.increment() }
  static let greeting = Injectable(name: "greeting") { "hello" }
  static let registered = Injectable { "default" }
  static let first: Injectable<String> = Injectable(name: "first") { "1" + second.value }
  static let second: Injectable<String> = Injectable(name: "second") { "2" + first.value }
}

@Suite(.serialized) struct InjectableTests {
  @Test func uniqueMakesANewValueEachTime() {
    let a = Services.unique.value
    let b = Services.unique()
    #expect(b == a + 1)
  }

  @Test func cachedKeepsOneValueUntilReset() {
    let first = Services.cached.value
    #expect(Services.cached.value == first)
    InjectionScope.resetCachedValues()
    let second = Services.cached.value
    #expect(second == first + 1)
    Services.cached.reset()
    #expect(Services.cached.value == second + 1)
  }

  @Test func singletonSurvivesResetCachedValues() {
    let first = Services.singleton.value
    InjectionScope.resetCachedValues()
    #expect(Services.singleton.value == first)
  }

  @Test func registerThenResetRestoresTheDefault() {
    Services.registered.register { "registered" }
    #expect(Services.registered.value == "registered")
    Services.registered.reset()
    #expect(Services.registered.value == "default")
  }

  @Test func withDependenciesOverridesAnInjectableForThisTaskOnly() async {
    @Injected(Services.greeting) var outside
    let inside = withDependencies {
      $0[Services.greeting] = "scoped"
    } operation: {
      @Injected(Services.greeting) var greeting
      @LazyInjected(Services.greeting) var lazy
      return [greeting, lazy]
    }
    #expect(outside == "hello")
    #expect(inside == ["scoped", "scoped"])
  }

  @Test func aThousandConcurrentResolutionsOfACachedValueCreateItOnce() async {
    await withTaskGroup(of: Int.self) { group in
      for _ in 0..<1_000 { group.addTask { Services.concurrent.value } }
      var values = Set<Int>()
      for await value in group { values.insert(value) }
      #expect(values == [1])
    }
    #expect(Services.concurrentCounter.value == 1)
  }

  @Test func aCycleStopsWithAMessageThatNamesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Services.first.value
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("Circular dependency: first → second → first"))
  }
}

extension InjectableTests {
  struct Reader: Reducer {
    @Injected(Services.greeting) var eager
    func reduce(into state: inout [String], action: Void) -> Effect<Void> {
      @Injected(Services.greeting) var greeting
      state = [eager, greeting]
      return .none
    }
  }

  @Test @MainActor func testStoreOverridesReachInjectablesResolvedOnCreationAndInReduce()
    async throws
  {
    let store = TestStore(initialState: [String]()) {
      Reader()
    } withDependencies: {
      $0[Services.greeting] = "test"
    }
    try await store.send(()) { $0 = ["test", "test"] }
    try await store.finish()
  }

  @Test @MainActor func reducerModifierOverridesAnInjectable() async throws {
    let store = TestStore(initialState: [String]()) {
      Reader().dependency(\.[Services.greeting], "modifier")
    }
    try await store.send(()) { $0 = ["hello", "modifier"] }
    try await store.finish()
  }
}
