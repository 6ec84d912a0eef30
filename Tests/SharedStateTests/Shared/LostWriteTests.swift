import SharedState
import Testing

/// No change made through a shared reference is lost: an unwrapped element keeps changes made
/// after it is gone, and assigning `$x` rebinds every copy, as in swift-sharing.
struct LostWriteTests {
  @Test func anUnwrappedReferenceKeepsChangesMadeAfterItsElementIsGone() throws {
    let counts = Shared(value: [1: 1])
    let one = try #require(Shared(counts[1]))
    counts.withLock { $0[1] = nil }
    one.withLock { $0 += 1 }
    #expect(one.wrappedValue == 2)
    #expect(counts.wrappedValue[1] == nil)
    // Its copies hold the same value.
    let copy = one
    copy.withLock { $0 += 1 }
    #expect(one.wrappedValue == 3)
  }

  @Test func anUnwrappedReferenceFollowsTheBaseAgainOnceItHasAValue() throws {
    // swift-sharing's `optional` test.
    let wrapped = Shared<Int?>(value: nil)
    #expect(Shared(wrapped) == nil)
    wrapped.withLock { $0 = 0 }
    let count = try #require(Shared(wrapped))
    count.withLock { $0 += 1 }
    #expect(wrapped.wrappedValue == 1)
    wrapped.withLock { $0? += 1 }
    #expect(count.wrappedValue == 2)
    wrapped.withLock { $0 = nil }
    #expect(count.wrappedValue == 2)
    wrapped.withLock { $0 = 4 }
    #expect(count.wrappedValue == 4)
  }

  @Test func elementsOfAnIdentifiedArrayKeepTheirChangesOnceRemoved() throws {
    // swift-sharing's `collection` test, through `[id:]`.
    let counts = Shared(value: IdentifiedArray(uniqueElements: [1, 2, 3], id: \.self))
    let third = try #require(Shared(counts[id: 3]))
    counts.withLock { _ = $0.removeLast() }
    #expect(counts.wrappedValue == IdentifiedArray(uniqueElements: [1, 2], id: \.self))
    #expect(third.wrappedValue == 3)
    third.withLock { $0 += 1 }
    #expect(third.wrappedValue == 4)
    #expect(counts.wrappedValue == IdentifiedArray(uniqueElements: [1, 2], id: \.self))
  }

  @Test func anArrayOfElementReferencesKeepsChangesOnceElementsAreRemoved() {
    // swift-sharing's `collection` test, as written there.
    @Shared(value: IdentifiedArray(uniqueElements: [1, 2, 3], id: \.self)) var counts
    let sharedCounts = Array($counts)
    let first = sharedCounts[0]
    let second = sharedCounts[1]
    let third = sharedCounts[2]
    #expect([first, second, third].map(\.wrappedValue) == [1, 2, 3])
    $counts.withLock { _ = $0.removeLast() }
    #expect(counts == IdentifiedArray(uniqueElements: [1, 2], id: \.self))
    #expect(third.wrappedValue == 3)
    third.withLock { $0 += 1 }
    #expect(third.wrappedValue == 4)
    #expect(counts == IdentifiedArray(uniqueElements: [1, 2], id: \.self))
    let readers = Array(SharedReader($counts))
    #expect(readers.map(\.wrappedValue) == [1, 2])
  }

  @Test func assigningTheProjectedValueRebindsEveryCopy() {
    @Shared(value: 0) var count: Int
    let copy = $count
    $count = Shared(value: 42)
    #expect(copy.wrappedValue == 42)
    #expect(count == 42)
    copy.withLock { $0 += 1 }
    #expect(count == 43)
  }

  @Test func assigningTheProjectedValueOfAKeyedReference() {
    // swift-sharing's `projectedValue` test.
    @Shared(.inMemory("count")) var count = 0
    let shared = $count
    $count = Shared(wrappedValue: 42, .inMemory("anotherCount"))
    #expect(shared.wrappedValue == 42)
    // Other declarations of the first key keep their reference.
    @Shared(.inMemory("count")) var again = 0
    $again.withLock { $0 = 7 }
    #expect(shared.wrappedValue == 42)
  }

  @Test func aStateFieldRebindsTheCopiesOfTheStateToo() {
    struct State {
      @Shared var count: Int
    }
    let state = State(count: Shared(value: 0))
    let copy = state
    state.$count = Shared(value: 5)
    #expect(copy.count == 5)
  }

  @Test func referencesDerivedBeforeARebindingKeepTheOldReference() {
    // swift-sharing's `appendKeyPath` and `mapReader` tests.
    struct User: Equatable {
      let id: Int
      var name = "Blob"
    }
    @Shared(value: User(id: 1)) var user: User
    let id: SharedReader<Int> = $user.id
    let name: Shared<String> = $user.name
    $user.withLock { $0 = User(id: 42) }
    #expect(id.wrappedValue == 42)
    $user = Shared(value: User(id: 1729, name: "Blob Jr."))
    #expect(id.wrappedValue == 42)
    #expect(name.wrappedValue == "Blob")
    #expect(user.id == 1729)
  }
}
