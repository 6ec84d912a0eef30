import Foundation
import Injection
import Testing

@Suite struct DependencyTests {
  @Test func testContextIsDetected() {
    #expect(DependencyContext.detected == .test)
    @Dependency(\.greeter) var greeter
    #expect(greeter.greet("Blob") == "Test, Blob")
  }

  @Test func withDependenciesOverridesNestsAndReturns() {
    @Dependency(\.greeter) var greeter
    let result = withDependencies {
      $0.greeter = Greeter { "Outer \($0)" }
    } operation: {
      let outer = greeter.greet("a")
      let inner = withDependencies {
        $0.noTestValue = 7
      } operation: {
        @Dependency(\.noTestValue) var number
        return "\(greeter.greet("b")) \(number)"
      }
      return [outer, inner]
    }
    #expect(result == ["Outer a", "Outer b 7"])
    #expect(greeter.greet("c") == "Test, c")
  }

  @Test func overridingAgainReplacesAndClearingAnInjectableFallsBack() {
    var values = DependencyValues()
    values.noTestValue = 1
    values.greeter = Greeter { "Hi \($0)" }
    values.noTestValue = 2
    #expect(values.noTestValue == 2)
    #expect(values.greeter.greet("a") == "Hi a")
    let injectable = Injectable<Int> { 5 }
    values[injectable] = 9
    #expect(values[injectable] == 9)
    values[injectable] = nil
    #expect(values[injectable] == nil)
    #expect(values.noTestValue == 2)
  }

  @Test func asyncWithDependencies() async {
    let value = await withDependencies {
      $0.noTestValue = 3
    } operation: {
      await Task.yield()
      @Dependency(NoTestValueKey.self) var number
      return number
    }
    #expect(value == 3)
  }

  @Test func concurrentTasksSeeOnlyTheirOwnOverrides() async {
    await withTaskGroup(of: (Int, Int).self) { group in
      for n in 0..<50 {
        group.addTask {
          await withDependencies {
            $0.noTestValue = n
          } operation: {
            await Task.yield()
            @Dependency(\.noTestValue) var number
            return (n, number)
          }
        }
      }
      for await (expected, seen) in group { #expect(expected == seen) }
    }
  }

  @Test func escapedDependenciesComeBackInAnotherTask() async {
    let seen = await withDependencies {
      $0.noTestValue = 9
    } operation: {
      withEscapedDependencies { dependencies in
        Task.detached {
          dependencies.yield {
            @Dependency(\.noTestValue) var number
            return number
          }
        }
      }
    }.value
    #expect(seen == 9)
  }

  @Test func liveAndPreviewContexts() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.greeter) var greeter
      #expect(greeter.greet("x") == "Hello, x")
      @Dependency(\.noTestValue) var number
      #expect(number == 42)
    }
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.greeter) var greeter
      #expect(greeter.greet("x") == "Hello, x")
    }
  }

  @Test func builtInGenerators() {
    let date = Date(timeIntervalSince1970: 1_000)
    withDependencies {
      $0.date = .constant(date)
      $0.uuid = .incrementing
    } operation: {
      @Dependency(\.date) var now
      @Dependency(\.uuid) var uuid
      #expect(now.now == date)
      #expect(now() == date)
      #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
      #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
    }
  }
}
