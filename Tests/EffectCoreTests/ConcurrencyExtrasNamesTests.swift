import EffectCore
import Testing

/// swift-concurrency-extras' names, with their tests' behaviour.
@Suite struct ConcurrencyExtrasNamesTests {
  @Test func anyHashableSendableBasics() {
    #expect(AnyHashableSendable(1) == AnyHashableSendable(1))
    #expect(AnyHashableSendable(1) != AnyHashableSendable(2))
    func make(_ base: some Hashable & Sendable) -> AnyHashableSendable { AnyHashableSendable(base) }
    let flat = make(1)
    #expect(make(flat) == flat)
  }

  @Test func anyHashableSendableFromAnExistential() {
    let base: (any Hashable & Sendable)? = 1
    let wrapped = base.map(AnyHashableSendable.init)
    #expect(wrapped == AnyHashableSendable(1))
  }

  @Test func aBoxedAnyHashableSendableEqualsAnAnyHashableOfItsBase() {
    #expect((AnyHashableSendable(1) as AnyHashable) == (1 as AnyHashable))
    #expect(AnyHashable(AnyHashableSendable("a")) == AnyHashable("a"))
    #expect(AnyHashable(AnyHashableSendable(1)).hashValue == AnyHashable(1).hashValue)
    let set: Set<AnyHashable> = [AnyHashableSendable(1), 1]
    #expect(set.count == 1)
  }

  @Test func anyHashableSendableLiterals() {
    #expect(AnyHashableSendable(true) == true)
    #expect(AnyHashableSendable(1) == 1)
    #expect(AnyHashableSendable(4.2) == 4.2)
    #expect(AnyHashableSendable("Blob") == "Blob")
    let bool: AnyHashableSendable = true
    #expect(bool.base as? Bool == true)
    #expect(bool as AnyHashable as? Bool == true)
    #expect(Mirror(reflecting: bool).children.first?.label == "value")
  }

  @Test func lockIsolatedReadsPropertiesOfItsValue() {
    let values = LockIsolated([1, 2, 3])
    #expect(values.count == 3)
    #expect(values.first == 1)
    values.withValue { $0.append(4) }
    #expect(values.last == 4)
  }

  @Test func uncheckedSendableWrapsAndReadsThrough() {
    struct NotSendable { var count = 0 }
    var box = UncheckedSendable(NotSendable())
    box.count += 1
    #expect(box.count == 1)
    #expect(box.value.count == 1)
    @UncheckedSendable var wrapped = NotSendable()
    wrapped.count = 2
    #expect($wrapped.value.count == 2)
    #expect(UncheckedSendable(1) == UncheckedSendable(1))
  }

  @Test func aSequenceErasedToAStream() async {
    let doubled = [1, 2, 3].async.map { $0 * 2 }
    var values: [Int] = []
    for await value in doubled.eraseToStream() { values.append(value) }
    #expect(values == [2, 4, 6])
    var again: [Int] = []
    for await value in AsyncStream(UncheckedSendable([4, 5].async)) { again.append(value) }
    #expect(again == [4, 5])
  }

  @Test func aThrowingSequenceErasedToAThrowingStream() async {
    struct Failure: Error {}
    let failing = [1, 2].async.map { value throws -> Int in
      if value == 2 { throw Failure() }
      return value
    }
    var values: [Int] = []
    await #expect(throws: Failure.self) {
      for try await value in failing.eraseToThrowingStream() { values.append(value) }
    }
    #expect(values == [1])
    // The non-throwing stream ends at the error instead.
    var ended: [Int] = []
    for await value in failing.eraseToStream() { ended.append(value) }
    #expect(ended == [1])
  }

  @Test func aNeverStreamWaitsUntilCancelled() async {
    await bounded {
      let task = Task {
        for await _ in AsyncStream<Int>.never { return "value" }
        return "cancelled"
      }
      await Task.megaYield(count: 3)
      task.cancel()
      #expect(await task.value == "cancelled")
    }
  }

  @Test func cancellableValueCancelsTheTaskItWaitsFor() async {
    await bounded {
      let inner = LockIsolated<Task<String, Never>?>(nil)
      let outer = Task {
        let task = Task<String, Never> {
          (try? await Task.never()).map { _ in "value" } ?? "cancelled"
        }
        inner.setValue(task)
        return await task.cancellableValue
      }
      while inner.value == nil { await Task.yield() }
      outer.cancel()
      #expect(await outer.value == "cancelled")
    }
  }

  @Test func throwingCancellableValue() async {
    await bounded {
      let outer = Task {
        try await Task<Int, any Error> { try await Task.never() }.cancellableValue
      }
      outer.cancel()
      await #expect(throws: CancellationError.self) { try await outer.value }
    }
  }

  @Test func megaYieldsDefaultCount() {
    #expect(Task.defaultMegaYieldCount == 20)
  }
}

/// An async sequence of an array's elements, for the erasure tests.
private struct AsyncArray<Element: Sendable>: AsyncSequence, Sendable {
  let elements: [Element]

  struct AsyncIterator: AsyncIteratorProtocol {
    var remaining: ArraySlice<Element>
    mutating func next() async -> Element? { remaining.popFirst() }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: elements[...]) }
}

extension Array where Element: Sendable {
  fileprivate var async: AsyncArray<Element> { AsyncArray(elements: self) }
}
