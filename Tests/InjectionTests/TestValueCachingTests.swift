import Injection
import Testing

/// A test value is made once per test, as in swift-dependencies: every read in one test (and in
/// the tasks it starts) gets the same value, and no other test sees it.
@Suite struct TestValueCachingTests {
  final class Recorder: Sendable {
    let calls = LockIsolated(0)
  }

  enum RecorderKey: TestDependencyKey {
    // Computed: a new recorder each time the key is asked, so only a cache keeps one per test.
    static var testValue: Recorder { Recorder() }
  }

  @Test func everyReadInATestGetsTheSameValue() async {
    @Dependency(RecorderKey.self) var first
    @Dependency(RecorderKey.self) var second
    first.calls.withLock { $0 += 1 }
    #expect(second.calls.value == 1)
    #expect(first === second)
    let fromATask = await Task {
      @Dependency(RecorderKey.self) var recorder
      return recorder
    }.value
    #expect(fromATask === first)
  }

  @Test(arguments: 1...8)
  func eachCaseOfAParameterizedTestHasItsOwn(case: Int) {
    @Dependency(RecorderKey.self) var recorder
    // Shared between cases, a second case would find the first one's call.
    recorder.calls.withLock { $0 += 1 }
    #expect(recorder.calls.value == 1)
  }

  @Test func anOverrideStillWins() {
    let mine = Recorder()
    withDependencies {
      $0[RecorderKey.self] = mine
    } operation: {
      @Dependency(RecorderKey.self) var recorder
      #expect(recorder === mine)
    }
    @Dependency(RecorderKey.self) var recorder
    #expect(recorder !== mine)
  }
}
