import Foundation
import SharedState
import Testing

/// Reading and changing shared values inside `withLock`, and defaults that declare shared values:
/// none of it waits for a lock its own thread holds. Each test runs on a thread of its own with a
/// bounded wait, so a deadlock fails it at once instead of hanging the suite; a test whose wait
/// failed stops there (`#require`), since reading a value whose lock a stuck thread holds would
/// hang it.
struct ReentrancyTests {
  struct SyncUp: Codable, Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
  }

  @Test func readingTheSameValueInsideWithLockSeesTheValueBeforeTheChange() async throws {
    let count = Shared(value: 1)
    let returned = await returnsInTime {
      count.withLock { $0 += count.wrappedValue }
    }
    try #require(returned)
    #expect(count.wrappedValue == 2)
  }

  @Test func syncUpsDeleteReadsTheUnwrappedElementInsideTheListsLock() async throws {
    // TCA's SyncUps: the detail holds `Shared($syncUps[id: id])`, and its delete reads it inside
    // the list's `withLock`.
    let syncUps = Shared(
      value: IdentifiedArrayOf<SyncUp>(uniqueElements: [
        SyncUp(id: 1, title: "Design"), SyncUp(id: 2, title: "Engineering"),
      ]))
    let syncUp = try #require(Shared(syncUps[id: 1]))
    let returned = await returnsInTime {
      syncUps.withLock { _ = $0.remove(id: syncUp.wrappedValue.id) }
    }
    try #require(returned)
    #expect(syncUps.wrappedValue.ids == [2])
    #expect(syncUp.wrappedValue.title == "Design")
  }

  @Test func readingAMemberAndAnotherValueInsideWithLock() async throws {
    let syncUp = Shared(value: SyncUp(id: 1, title: "Design"))
    let title = syncUp.title
    let suffix = Shared(value: " review")
    let returned = await returnsInTime {
      syncUp.withLock { $0.title = title.wrappedValue + suffix.wrappedValue }
    }
    try #require(returned)
    #expect(syncUp.wrappedValue.title == "Design review")
  }

  @Test func changingAnotherValueInsideWithLock() async throws {
    let first = Shared(value: 0)
    let second = Shared(value: 0)
    let returned = await returnsInTime {
      first.withLock { value in
        value += 1
        second.withLock { $0 = value * 10 }
      }
    }
    try #require(returned)
    #expect(first.wrappedValue == 1)
    #expect(second.wrappedValue == 10)
  }

  @Test func changingTheSameValueInsideWithLockIsReportedNotAHang() async throws {
    let count = Shared(value: 0)
    let warnings = LockIsolated<[String]>([])
    let record: @Sendable (String) -> Void = { message in warnings.withLock { $0.append(message) } }
    let returned = await RuntimeWarning.$handler.withValue(record) {
      await returnsInTime {
        count.withLock { value in
          value += 1
          count.withLock { $0 += 10 }
        }
      }
    }
    try #require(returned)
    // As in swift-sharing, the enclosing change stores its own copy over the nested one.
    #expect(count.wrappedValue == 1)
    #expect(warnings.value.count == 1)
    #expect(warnings.value.first?.contains("inside a withLock of the same value") == true)
  }

  /// Runs `onDeinit` when released.
  final class Probe: Sendable {
    let onDeinit: @Sendable () -> Void
    init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
  }

  @Test func aReplacedValuesDeinitMayReadTheValue() async throws {
    let probe = Shared<Probe?>(value: nil)
    let readInDeinit = LockIsolated(false)
    let returned = await returnsInTime {
      probe.withLock {
        $0 = Probe {
          _ = probe.wrappedValue
          readInDeinit.withLock { $0 = true }
        }
      }
      probe.withLock { $0 = nil }
    }
    try #require(returned)
    #expect(readInDeinit.value)
  }

  @Test func aReplacedKeyedValuesDeinitMayDeclareTheKey() async throws {
    let storage = InMemoryStorage()
    let returned = await withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      await returnsInTime {
        @Shared(.inMemory("probe")) var probe: Probe? = nil
        $probe.withLock {
          $0 = Probe {
            @Shared(.inMemory("probe")) var again: Probe? = nil
            _ = again
          }
        }
        $probe.withLock { $0 = nil }
      }
    }
    try #require(returned)
  }

  @Test func aDefaultValueMayDeclareSharedValues() async throws {
    struct Inner: Sendable {
      @Shared(.inMemory("inner")) var value = 0
    }
    let storage = InMemoryStorage()
    let result = LockIsolated<Int?>(nil)
    let returned = await withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      await returnsInTime {
        @Shared(.inMemory("outer")) var outer = Inner()
        outer.$value.withLock { $0 += 1 }
        @Shared(.inMemory("inner")) var inner = 0
        result.withLock { $0 = inner }
      }
    }
    try #require(returned)
    #expect(result.value == 1)
  }

  @Test func aFileDefaultMayDeclareSharedValuesOfTheSameStorage() async throws {
    struct Settings: Codable, Sendable {
      @Shared(.fileStorage(URL(fileURLWithPath: "/theme.json"))) var theme = "light"
    }
    let files = FileStorage.inMemory()
    let result = LockIsolated<String?>(nil)
    let returned = await withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      await returnsInTime {
        @Shared(.fileStorage(URL(fileURLWithPath: "/settings.json"))) var settings = Settings()
        result.withLock { $0 = settings.theme }
      }
    }
    try #require(returned)
    #expect(result.value == "light")
  }

  @Test func aDefaultMayDeclareTheSameKeyAndTheFirstReferenceWins() async throws {
    let storage = InMemoryStorage()
    let result = LockIsolated<Int?>(nil)
    let returned = await withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      await returnsInTime {
        @Shared(.inMemory("count")) var count: Int = {
          @Shared(.inMemory("count")) var inner = 1
          return inner + 1
        }()
        result.withLock { $0 = count }
      }
    }
    try #require(returned)
    #expect(result.value == 1)
  }

  @Test func aSlowDefaultDoesNotHoldUpOtherKeysOfItsStorage() async throws {
    // The default runs with no storage lock held: another thread makes and changes a reference of
    // the same storage meanwhile.
    let storage = InMemoryStorage()
    let inside = LockIsolated(false)
    let returned = await withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      await returnsInTime {
        @Shared(.inMemory("slow")) var slow: Int = {
          let other = Thread {
            withDependencies {
              $0.defaultInMemoryStorage = storage
            } operation: {
              @Shared(.inMemory("fast")) var fast = 0
              $fast.withLock { $0 += 1 }
              inside.withLock { $0 = fast == 1 }
            }
          }
          other.start()
          while !inside.value { usleep(100) }
          return 0
        }()
        _ = slow
      }
    }
    try #require(returned)
    #expect(inside.value)
  }

  @Test func twoThreadsEachReadingTheOthersValueInsideWithLock() async {
    // A read never waits for a lock held while a `withLock` closure runs: two threads, each
    // changing one value from the other, never wait for each other.
    let first = Shared(value: 0)
    let second = Shared(value: 0)
    async let one = returnsInTime {
      for _ in 0..<20_000 { first.withLock { $0 = second.wrappedValue &+ 1 } }
    }
    async let two = returnsInTime {
      for _ in 0..<20_000 { second.withLock { $0 = first.wrappedValue &+ 1 } }
    }
    let returned = await (one, two)
    #expect(returned == (true, true))
  }

  @Test(
    .disabled(
      if: dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil,
      "ThreadSanitizer reports the lock-order inversion this test makes on purpose"))
  func opposingNestedChangesOnTwoThreadsAreReportedNotSilent() async {
    // No lock resolves two threads that each change one value inside a withLock of the other, in
    // opposite orders (swift-sharing's locks neither): they are reported instead of hanging
    // silently. The two threads stay blocked; nothing else holds these values.
    let first = Shared(value: 0)
    let second = Shared(value: 0)
    let inside = LockIsolated(0)
    let warnings = LockIsolated<[String]>([])
    let record: @Sendable (String) -> Void = { message in warnings.withLock { $0.append(message) } }
    @Sendable func enter() {
      inside.withLock { $0 += 1 }
      while inside.value < 2 { usleep(100) }
    }
    let returned = await RuntimeWarning.$handler.withValue(record) {
      async let one = returnsInTime(within: .seconds(5)) {
        first.withLock { _ in
          enter()
          second.withLock { $0 += 1 }
        }
      }
      async let two = returnsInTime(within: .seconds(5)) {
        second.withLock { _ in
          enter()
          first.withLock { $0 += 1 }
        }
      }
      return await (one, two)
    }
    #expect(returned == (false, false))
    #expect(warnings.value.count == 2)
    #expect(warnings.value.allSatisfy { $0.contains("in opposite orders") })
  }

  @Test func concurrentWritersReadingInsideWithLockAreExact() async throws {
    let count = Shared(value: 0)
    let reads = Shared(value: 0)
    let mismatches = Shared(value: 0)
    let returned = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        group.addTask {
          await returnsInTime {
            for _ in 0..<250 {
              count.withLock { value in
                if count.wrappedValue != value { mismatches.withLock { $0 += 1 } }
                value += 1
                reads.withLock { $0 += 1 }
              }
            }
          }
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    try #require(returned)
    #expect(count.wrappedValue == 1000)
    #expect(reads.wrappedValue == 1000)
    #expect(mismatches.wrappedValue == 0)
  }
}
