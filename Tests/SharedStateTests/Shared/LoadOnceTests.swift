import Foundation
import SharedState
import Testing

/// `init(require:)` and `load(_:)` ask the key once, as swift-sharing's do (its
/// `IsLoadingTests.isLoadingInitRequire` and `isLoadingLoadKey`): the reference they make starts
/// from the value just loaded instead of loading it again.
@Suite struct LoadOnceTests {
  /// A key whose loads wait until the test answers them, and that counts them.
  struct PendingKey: SharedReaderKey {
    let id = UUID()
    let loads = LockIsolated<[LoadContinuation<Int>]>([])
    let count = LockIsolated(0)

    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      count.withLock { $0 += 1 }
      loads.withLock { $0.append(continuation) }
    }

    func subscribe(
      context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
    ) -> SharedSubscription {
      SharedSubscription {}
    }

    /// Answers every waiting load with `value`; how many there were.
    @discardableResult
    func answer(_ value: Int) -> Int {
      let waiting = loads.withLock { loads in
        defer { loads = [] }
        return loads
      }
      for load in waiting { load.resume(returning: value) }
      return waiting.count
    }

    /// Waits (in real time, a few milliseconds at most in practice) until a load is asked.
    func untilAsked() async {
      for _ in 0..<10_000 where loads.withLock(\.isEmpty) { await Task.yield() }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
  }

  @Test func requireLoadsOnceAndIsNotLoadingAfterwards() async throws {
    let key = PendingKey()
    let task = Task { try await SharedReader(require: key) }
    await key.untilAsked()
    #expect(key.answer(42) == 1)
    let reader = try await task.value
    #expect(reader.wrappedValue == 42)
    #expect(!reader.isLoading)
    #expect(key.count.value == 1)
  }

  @Test func requireOnSharedLoadsOnce() async throws {
    let key = WritablePendingKey()
    let task = Task { try await Shared(require: key) }
    await key.base.untilAsked()
    key.base.answer(7)
    let shared = try await task.value
    #expect(shared.wrappedValue == 7)
    #expect(!shared.isLoading)
    #expect(key.base.count.value == 1)
  }

  @Test func loadingAnotherKeyAsksItOnce() async throws {
    let first = PendingKey()
    let reader = SharedReader(wrappedValue: 0, first)
    first.answer(1)
    #expect(reader.wrappedValue == 1)

    let second = PendingKey()
    let task = Task { try await reader.load(second) }
    await second.untilAsked()
    #expect(reader.isLoading)
    #expect(reader.wrappedValue == 1)
    #expect(second.answer(42) == 1)
    try await task.value
    #expect(!reader.isLoading)
    #expect(reader.wrappedValue == 42)
    #expect(second.count.value == 1)
  }

  /// `PendingKey` made writable, for `Shared(require:)`.
  struct WritablePendingKey: SharedKey {
    let base = PendingKey()
    var id: UUID { base.id }
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      base.load(context: context, continuation: continuation)
    }
    func subscribe(
      context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
    ) -> SharedSubscription {
      SharedSubscription {}
    }
    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
      continuation.resume()
    }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
  }
}
