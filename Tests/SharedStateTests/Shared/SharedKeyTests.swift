import Foundation
import SharedState
import Testing

/// A key of the test's own, whose "outside" is a dictionary the test changes, and which records
/// what it was asked.
final class Outside: Sendable {
  struct State {
    var values: [String: Int] = [:]
    var saves: [(Int, SaveContext)] = []
    var subscribers: [String: SharedSubscriber<Int>] = [:]
    var loadFailure: (any Error)?
    var saveFailure: (any Error)?
    var heldLoad: LoadContinuation<Int>?
  }

  let state = LockIsolated(State())

  /// Changes a value outside, telling its subscriber.
  func set(_ value: Int?, for name: String) {
    let subscriber = state.withLock { state in
      state.values[name] = value
      return state.subscribers[name]
    }
    if let value { subscriber?.yield(value) } else { subscriber?.yieldReturningInitialValue() }
  }

  var savedValues: [Int] { state.withLock { $0.saves.map(\.0) } }
}

struct Failure: Error, Equatable {
  var message = "failed"
}

struct OutsideKey: SharedKey {
  let name: String
  let outside: Outside
  var holdLoad = false

  var id: String { name }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    let (value, failure) = outside.state.withLock { state -> (Int?, (any Error)?) in
      if holdLoad {
        state.heldLoad = continuation
        return (nil, nil)
      }
      return (state.values[name], state.loadFailure)
    }
    guard !holdLoad else { return }
    if let failure { return continuation.resume(throwing: failure) }
    if let value {
      continuation.resume(returning: value)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
    -> SharedSubscription
  {
    outside.state.withLock { $0.subscribers[name] = subscriber }
    return SharedSubscription { [outside, name] in
      outside.state.withLock { _ = $0.subscribers.removeValue(forKey: name) }
    }
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    let failure = outside.state.withLock { state -> (any Error)? in
      state.saves.append((value, context))
      if state.saveFailure == nil { state.values[name] = value }
      return state.saveFailure
    }
    if let failure { continuation.resume(throwing: failure) } else { continuation.resume() }
  }
}

extension SharedReaderKey where Self == OutsideKey {
  static func outside(_ name: String, in outside: Outside, holdLoad: Bool = false) -> Self {
    OutsideKey(name: name, outside: outside, holdLoad: holdLoad)
  }
}

extension SharedReaderKey where Self == OutsideKey.Default {
  static func counter(in outside: Outside) -> Self {
    Self[.outside("counter", in: outside), default: 10]
  }
}

extension SharedReaderKey where Self == InMemoryKey<Bool>.Default {
  static var isOn: Self { Self[.inMemory("isOn"), default: false] }
}

extension SharedReaderKey where Self == InMemoryKey<[String]>.Default {
  static var names: Self { Self[.inMemory("names"), default: ["Blob"]] }
}

/// Keys users write: `.inMemory` and `.fileStorage` are made the same way.
struct SharedKeyTests {
  @Test func aKeyLoadsWhenTheReferenceIsMadeAndSavesEachChangeInOrder() {
    let outside = Outside()
    outside.set(5, for: "count")
    @Shared(.outside("count", in: outside)) var count = 0
    #expect(count == 5)
    $count.withLock { $0 += 1 }
    $count.withLock { $0 += 1 }
    #expect(outside.savedValues == [6, 7])
    #expect(outside.state.withLock { $0.saves.allSatisfy { $0.1 == .didSet } })
  }

  @Test func declarationsOfOneKeyShareOneReference() {
    let outside = Outside()
    @Shared(.outside("count", in: outside)) var first = 0
    @Shared(.outside("count", in: outside)) var second = 99
    $first.withLock { $0 = 3 }
    #expect(second == 3)
  }

  @Test func aSubscriberBringsOutsideChangesToEveryHolder() {
    let outside = Outside()
    @Shared(.outside("count", in: outside)) var count = 1
    @SharedReader(.outside("count", in: outside)) var reader = 1
    outside.set(8, for: "count")
    #expect(count == 8)
    #expect(reader == 8)
    outside.set(nil, for: "count")
    #expect(count == 1)
  }

  @Test func theSubscriptionEndsWithTheLastHolder() {
    let outside = Outside()
    do {
      @Shared(.outside("count", in: outside)) var count = 1
      #expect(outside.state.withLock { $0.subscribers.count } == 1)
      _ = count
    }
    #expect(outside.state.withLock { $0.subscribers.count } == 0)
  }

  @Test func aLoadErrorIsHeldUntilALoadOrSaveSucceeds() async throws {
    let outside = Outside()
    outside.state.withLock { $0.loadFailure = Failure() }
    @Shared(.outside("count", in: outside)) var count = 1
    #expect(count == 1)
    #expect($count.loadError as? Failure == Failure())
    outside.state.withLock { $0.loadFailure = nil }
    outside.set(4, for: "count")
    #expect($count.loadError == nil)
    outside.state.withLock { $0.loadFailure = Failure(message: "again") }
    await #expect(throws: Failure(message: "again")) { try await $count.load() }
    #expect($count.loadError as? Failure == Failure(message: "again"))
    $count.withLock { $0 += 1 }
    #expect($count.loadError == nil)
  }

  @Test func aSaveErrorIsHeldUntilASaveSucceeds() async throws {
    let outside = Outside()
    @Shared(.outside("count", in: outside)) var count = 1
    outside.state.withLock { $0.saveFailure = Failure() }
    $count.withLock { $0 = 2 }
    #expect($count.saveError as? Failure == Failure())
    #expect(count == 2)
    outside.state.withLock { $0.saveFailure = nil }
    try await $count.save()
    #expect($count.saveError == nil)
    #expect(outside.state.withLock { $0.saves.last?.1 } == .userInitiated)
    #expect(outside.state.withLock { $0.values["count"] } == 2)
  }

  @Test func isLoadingUntilTheKeyResumes() throws {
    let outside = Outside()
    @Shared(.outside("count", in: outside, holdLoad: true)) var count = 0
    #expect($count.isLoading)
    let held = try #require(outside.state.withLock { $0.heldLoad })
    held.resume(returning: 12)
    #expect(!$count.isLoading)
    #expect(count == 12)
    let subscriber = try #require(outside.state.withLock { $0.subscribers["count"] })
    subscriber.yieldLoading()
    #expect($count.isLoading)
    subscriber.yield(13)
    #expect(!$count.isLoading)
    #expect(count == 13)
  }

  @Test func aUserInitiatedLoadReadsTheOutsideAgain() async throws {
    let outside = Outside()
    @Shared(.outside("count", in: outside)) var count = 0
    // Changed outside without telling the subscriber.
    outside.state.withLock { $0.values["count"] = 21 }
    #expect(count == 0)
    try await $count.load()
    #expect(count == 21)
  }

  @Test func aKeyWithADefaultNeedsNoTypeNorValue() {
    let outside = Outside()
    @Shared(.counter(in: outside)) var counter
    #expect(counter == 10)
    $counter.withLock { $0 += 1 }
    #expect(outside.savedValues == [11])
    @SharedReader(.counter(in: outside)) var reader
    #expect(reader == 11)
    @Shared(.names) var names
    #expect(names == ["Blob"])
    // A value given at the declaration wins over the key's default.
    @Shared(.inMemory("other")) var other = ["Given"]
    @Shared(wrappedValue: ["Given too"], .names) var again
    #expect(other == ["Given"])
    #expect(again == ["Blob"])
  }

  @Test func anOptionalKeyNeedsNoDefault() {
    @Shared(.inMemory("user")) var user: String?
    #expect(user == nil)
    $user.withLock { $0 = "Blob" }
    @Shared(.inMemory("user")) var same: String?
    #expect(same == "Blob")
  }

  @Test func aContinuationNeverResumedIsReported() {
    let warnings = LockIsolated<[String]>([])
    let record: @Sendable (String) -> Void = { message in warnings.withLock { $0.append(message) } }
    RuntimeWarning.$handler.withValue(record) {
      _ = LoadContinuation<Int>("forgetful") { _ in }
    }
    #expect(warnings.value.count == 1)
    #expect(warnings.value.first?.contains("forgetful") == true)
  }

  @Test func aKeyReadAsAnotherTypeIsReportedAndNotShared() {
    let warnings = LockIsolated<[String]>([])
    let record: @Sendable (String) -> Void = { message in warnings.withLock { $0.append(message) } }
    RuntimeWarning.$handler.withValue(record) {
      @Shared(.inMemory("mixed")) var number = 1
      @Shared(.inMemory("mixed")) var text = "one"
      #expect(number == 1)
      #expect(text == "one")
    }
    #expect(warnings.value.count == 1)
    #expect(warnings.value.first?.contains("one type per key") == true)
  }

  @Test func theBuiltInKeysAreSharedReaderKeys() {
    func id(of key: some SharedReaderKey) -> AnyHashable { AnyHashable(key.id) }
    let file = URL(fileURLWithPath: "/a.json")
    #expect(id(of: FileStorageKey<Int>.fileStorage(file)) == id(of: FileStorageKey<Int>(file)))
    #expect(id(of: InMemoryKey<Int>.inMemory("a")) != id(of: InMemoryKey<Int>.inMemory("b")))
  }

  @Test func theFirstDeclarationsValueWinsOverLaterDefaults() {
    // swift-sharing's DefaultTests.
    #expect(InMemoryKey<Bool>.Default.isOn.initialValue == false)
    @Shared(.isOn) var first = true
    @Shared(.isOn) var second = false
    @Shared(.isOn) var third
    @SharedReader(.isOn) var reader
    #expect([first, second, third, reader] == [true, true, true, true])
  }

  @Test func aValueOutlivesItsLastReference() {
    do {
      @Shared(.isOn) var isOn = true
      _ = isOn
    }
    @Shared(.isOn) var isOn
    #expect(isOn == true)
  }

  @Test func nestedOptionalsKeepTheirShape() {
    @Shared(.inMemory("nested")) var nested: Int?? = .some(.none)
    #expect(nested == .some(.none))
    @SharedReader(.inMemory("nested")) var again: Int?? = 5
    #expect(again == .some(.none))
  }

  @Test func outsideASwiftTestingTestDeclarationsOfAKeyStillShare() async throws {
    // A thread of its own runs no Swift Testing test, as in XCTest.
    let outside = Outside()
    let shared = LockIsolated<Int?>(nil)
    let returned = await returnsInTime {
      let name = "thread-key-\(UUID())"
      @Shared(.outside(name, in: outside)) var one = 0
      @Shared(.outside(name, in: outside)) var two = 0
      $one.withLock { $0 = 9 }
      shared.withLock { $0 = two }
    }
    try #require(returned)
    #expect(shared.value == 9)
  }
}
