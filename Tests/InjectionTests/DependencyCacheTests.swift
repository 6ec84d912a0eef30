import Foundation
import Injection
import Testing

/// Which values are made once and shared, and where: one cache per set of values, per context and
/// per test, as in swift-dependencies.
@Suite struct DependencyCacheTests {
  @Test func freshValuesMakeTheirOwnAndReuseThem() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      withDependencies {
        $0.context = .test
      } operation: {
        @Dependency(\.reuse) var reuse
        #expect(reuse.count() == 0)
        reuse.setCount(42)
        #expect(reuse.count() == 42)
      }
    }
  }

  @Test func eachContextHasItsOwn() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      withDependencies {
        $0.context = .test
      } operation: {
        @Dependency(\.reuse) var reuse
        reuse.setCount(42)
        withDependencies {
          $0.context = .preview
        } operation: {
          #expect(reuse.count() == 0)
          reuse.setCount(1729)
          #expect(reuse.count() == 1729)
        }
        #expect(reuse.count() == 42)
        withKnownIssue {
          withDependencies {
            $0.context = .live
          } operation: {
            // No live value: reported, and the test value is made and kept for the live context.
            #expect(reuse.count() == 0)
            reuse.setCount(-42)
            #expect(reuse.count() == -42)
          }
        } matching: { issue in
          "\(issue)".contains("'ReuseClient' has no live value")
        }
        #expect(reuse.count() == 42)
      }
    }
  }

  // Two tests that each count from zero: neither sees the other's value, whichever runs first.
  @Test func aTestsValuesAreItsOwn1() {
    @Dependency(\.reuse) var reuse
    #expect(reuse.count() == 0)
    reuse.setCount(42)
  }

  @Test func aTestsValuesAreItsOwn2() {
    @Dependency(\.reuse) var reuse
    #expect(reuse.count() == 0)
    reuse.setCount(-42)
  }

  @Test func liveValuesReadInATestAreTheTestsOwnToo() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.liveCounter) var counter
      #expect(counter.increment() == 1)
    }
  }

  @Test func liveValuesReadInATestAreTheTestsOwnToo2() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.liveCounter) var counter
      #expect(counter.increment() == 1)
    }
  }

  @Test(arguments: 1...5)
  func freshValuesPerCase(_ argument: Int) {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(\.liveCounter) var counter
      #expect(counter.increment() == 1)
    }
  }

  @Test func aValueIsMadeOnceWhenManyTasksAskAtOnce() async {
    for _ in 1...50 {
      let made = Counter()
      await withDependencies {
        $0 = .test
        $0.madeCounter = made
      } operation: {
        await withTaskGroup(of: Void.self) { group in
          for _ in 1...50 {
            group.addTask {
              @Dependency(\.countsItsMaking) var value
              _ = value
            }
          }
        }
      }
      #expect(made.value == 1)
    }
  }

  @Test func aKeyWithLiveAndPreviewValuesGivesThePreviewValueInTestsAndIsReported() {
    withKnownIssue {
      @Dependency(\.livePreview) var value
      #expect(value == "preview")
    } matching: { issue in
      "\(issue)".contains("'LivePreviewKey' has no test value")
    }
  }

  @Test func settingPartOfADependencyWithoutATestValueIsNoUse() {
    // No issue: the updater only sets.
    withDependencies {
      $0.liveOnlyClient.fetch = { 42 }
    } operation: {
      @Dependency(\.liveOnlyClient) var client
      #expect(client.fetch() == 42)
    }
  }

  @Test func staticCurrentValuesAreFresh() {
    #expect(DependencyValues.test.context == .test)
    #expect(DependencyValues.live.context == .live)
    #expect(DependencyValues.preview.context == .preview)
    #expect(DependencyValues().context == DependencyContext.detected)
  }
}

struct ReuseClient: TestDependencyKey {
  var count: @Sendable () -> Int
  var setCount: @Sendable (Int) -> Void
  static var testValue: ReuseClient {
    let count = LockIsolated(0)
    return ReuseClient(
      count: { count.withLock { $0 } }, setCount: { value in count.withLock { $0 = value } })
  }
}

enum LiveCounterKey: DependencyKey {
  static var liveValue: Counter { Counter() }
  static var testValue: Counter { Counter() }
}

/// Counts how often it is made, on the counter in force.
struct CountsItsMaking: TestDependencyKey {
  static var testValue: CountsItsMaking {
    @Dependency(\.madeCounter) var made
    _ = made.increment()
    return CountsItsMaking()
  }
}

enum MadeCounterKey: TestDependencyKey {
  static var testValue: Counter { Counter() }
}

enum LivePreviewKey: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
}

struct LiveOnlyClient: DependencyKey {
  var fetch: @Sendable () -> Int
  static let liveValue = LiveOnlyClient { 0 }
}

extension DependencyValues {
  var reuse: ReuseClient {
    get { self[ReuseClient.self] }
    set { self[ReuseClient.self] = newValue }
  }
  var liveCounter: Counter { self[LiveCounterKey.self] }
  var countsItsMaking: CountsItsMaking { self[CountsItsMaking.self] }
  var madeCounter: Counter {
    get { self[MadeCounterKey.self] }
    set { self[MadeCounterKey.self] = newValue }
  }
  var livePreview: String { self[LivePreviewKey.self] }
  var liveOnlyClient: LiveOnlyClient {
    get { self[LiveOnlyClient.self] }
    set { self[LiveOnlyClient.self] = newValue }
  }
}
