import Foundation
import Observation
import SharedAppStorage
import Testing

/// swift-sharing's AppStorageTests' behaviours: each test's `defaultAppStorage` is a fresh store
/// of its own, whose writes reach the shared value before the next line.
struct AppStorageTests {
  @Dependency(\.defaultAppStorage) var store

  struct Item: Codable, Equatable, Sendable {
    var id: Int
  }

  struct IntID: RawRepresentable, Equatable, Sendable {
    var rawValue: Int
  }

  struct StringID: RawRepresentable, Equatable, Sendable {
    var rawValue: String
  }

  struct CodableStringID: Codable, RawRepresentable, Equatable, Sendable {
    var rawValue: String
  }

  @Test func bool() {
    @Shared(.appStorage("bool")) var bool = true
    #expect(store.bool(forKey: "bool"))
    store.set(false, forKey: "bool")
    #expect(!bool)
  }

  @Test func int() {
    @Shared(.appStorage("int")) var int = 42
    #expect(store.integer(forKey: "int") == 42)
    store.set(1729, forKey: "int")
    #expect(int == 1729)
  }

  @Test func double() {
    @Shared(.appStorage("double")) var double = 1.2
    #expect(store.double(forKey: "double") == 1.2)
    store.set(3.4, forKey: "double")
    #expect(double == 3.4)
  }

  @Test func string() {
    @Shared(.appStorage("string")) var string = "Blob"
    #expect(store.string(forKey: "string") == "Blob")
    store.set("Blob, Jr.", forKey: "string")
    #expect(string == "Blob, Jr.")
  }

  @Test func stringArray() {
    @Shared(.appStorage("stringArray")) var strings = ["Blob"]
    #expect(store.stringArray(forKey: "stringArray") == ["Blob"])
    store.set(["Blob", "Blob, Jr."], forKey: "stringArray")
    #expect(strings == ["Blob", "Blob, Jr."])
  }

  @Test func url() {
    @Shared(.appStorage("url")) var url = URL(fileURLWithPath: "/dev")
    #expect(store.url(forKey: "url") == URL(fileURLWithPath: "/dev"))
    store.set(URL(fileURLWithPath: "/tmp"), forKey: "url")
    #expect(url == URL(fileURLWithPath: "/tmp/"))
  }

  @Test func optionalURL() {
    @Shared(.appStorage("url")) var url: URL? = URL(fileURLWithPath: "/dev")
    #expect(store.url(forKey: "url") == URL(fileURLWithPath: "/dev"))
    store.set(URL(fileURLWithPath: "/tmp"), forKey: "url")
    #expect(url == URL(fileURLWithPath: "/tmp/"))
    $url.withLock { $0 = nil }
    #expect(url == nil)
  }

  @Test func data() {
    @Shared(.appStorage("data")) var data = Data([4, 2])
    #expect(store.data(forKey: "data") == Data([4, 2]))
    store.set(Data([1, 7, 2, 9]), forKey: "data")
    #expect(data == Data([1, 7, 2, 9]))
  }

  @Test func date() {
    @Shared(.appStorage("date")) var date = Date(timeIntervalSinceReferenceDate: 0)
    #expect(store.object(forKey: "date") as? Date == Date(timeIntervalSinceReferenceDate: 0))
    store.set(Date(timeIntervalSince1970: 0), forKey: "date")
    #expect(date == Date(timeIntervalSince1970: 0))
  }

  @Test func codableIsStoredAsJSON() throws {
    @Shared(.appStorage("codable")) var item = Item(id: 42)
    let data = try #require(store.data(forKey: "codable"))
    #expect(try JSONDecoder().decode(Item.self, from: data) == Item(id: 42))
    store.set(try JSONEncoder().encode(Item(id: 1729)), forKey: "codable")
    #expect(item == Item(id: 1729))
    $item.withLock { $0.id = 7 }
    let saved = try #require(store.data(forKey: "codable"))
    #expect(try JSONDecoder().decode(Item.self, from: saved) == Item(id: 7))
  }

  @Test func rawRepresentableInt() {
    @Shared(.appStorage("raw-int")) var id = IntID(rawValue: 42)
    #expect(store.integer(forKey: "raw-int") == 42)
    store.set(1729, forKey: "raw-int")
    #expect(id == IntID(rawValue: 1729))
  }

  @Test func rawRepresentableString() {
    @Shared(.appStorage("raw-string")) var id = StringID(rawValue: "Blob")
    #expect(store.string(forKey: "raw-string") == "Blob")
    store.set("Blob, Jr.", forKey: "raw-string")
    #expect(id == StringID(rawValue: "Blob, Jr."))
  }

  @Test func aCodableRawRepresentableIsStoredAsItsRawValue() {
    @Shared(.appStorage("raw-string")) var id = CodableStringID(rawValue: "Blob")
    #expect(store.string(forKey: "raw-string") == "Blob")
    store.set("Blob, Jr.", forKey: "raw-string")
    #expect(id == CodableStringID(rawValue: "Blob, Jr."))
  }

  @Test func optional() {
    @Shared(.appStorage("bool")) var bool: Bool?
    #expect(store.object(forKey: "bool") == nil)
    store.set(false, forKey: "bool")
    #expect(bool == false)
    $bool.withLock { $0 = nil }
    #expect(store.object(forKey: "bool") == nil)
    #expect(bool == nil)
  }

  @Test func optionalDefault() {
    @Shared(.appStorage("bool")) var bool: Bool? = true
    #expect(store.bool(forKey: "bool"))
    store.set(false, forKey: "bool")
    #expect(bool == false)
    store.removeObject(forKey: "bool")
    #expect(bool == true)
    store.set(false, forKey: "bool")
    #expect(bool == false)
    $bool.withLock { $0 = nil }
    #expect(bool == nil)
    #expect(store.object(forKey: "bool") == nil)
  }

  @Test func aKeyIsItsNamePlusItsStore() {
    let other = UserDefaults.inMemory
    @Shared(.appStorage("count")) var count = 1
    @Shared(.appStorage("count")) var same = 2
    @Shared(.appStorage("count", store: other)) var elsewhere = 3
    $count.withLock { $0 = 10 }
    #expect(same == 10)
    #expect(elsewhere == 3)
    #expect(other.integer(forKey: "count") == 3)
  }

  @Test func eachTestHasAStoreOfItsOwn() {
    // "bool" is written by other tests; here the store is empty until this test writes it.
    #expect(store.object(forKey: "bool") == nil)
    #expect(store.object(forKey: "count") == nil)
  }

  @Test func aKeyWithADefault() {
    @Shared(.launchCount) var launchCount
    #expect(launchCount == 0)
    $launchCount.withLock { $0 += 1 }
    #expect(store.integer(forKey: "launchCount") == 1)
  }

  @Test func observersAreToldOfAWriteThroughTheStoreAtOnce() {
    @Shared(.appStorage("count")) var count = 0
    let told = LockIsolated(0)
    withObservationTracking {
      _ = count
    } onChange: {
      told.withLock { $0 += 1 }
    }
    store.set(5, forKey: "count")
    #expect(told.value == 1)
  }

  @Test func ownWritesTellObserversOnce() {
    @Shared(.appStorage("count")) var count = 0
    let told = LockIsolated(0)
    withObservationTracking {
      _ = count
    } onChange: {
      told.withLock { $0 += 1 }
    }
    $count.withLock { $0 = 5 }
    #expect(told.value == 1)
    #expect(store.integer(forKey: "count") == 5)
  }

  @Test func theSubscriptionTellsEachWriteUntilCancelled() async throws {
    let key: AppStorageKey<Int> = .appStorage("shared")
    let changes = LockIsolated<[Int?]>([])
    var subscription: SharedSubscription? = key.subscribe(
      context: .userInitiated,
      subscriber: SharedSubscriber { result in
        changes.withLock { $0.append(try? result.get()) }
      })
    store.set(1, forKey: "shared")
    store.set(42, forKey: "shared")
    subscription?.cancel()
    store.set(123, forKey: "shared")
    subscription = nil
    #expect(changes.value == [1, 42])
    let loaded = await withCheckedContinuation { continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation { continuation.resume(returning: try? $0.get()) })
    }
    #expect(loaded == 123)
  }

  @Test func aWriteToAStoreNobodyTellsIsSeenAtTheNextRead() throws {
    // A store other than the test's, written around the keys (as another library would write
    // UserDefaults.standard): on Linux nothing tells the value, and the next read finds it.
    let suite = FileManager.default.temporaryDirectory
      .appendingPathComponent("AppStorageTests.\(UUID().uuidString)").path
    let plain = try #require(UserDefaults(suiteName: suite))
    @Shared(.appStorage("count", store: plain)) var count = 0
    plain.set(9, forKey: "count")
    #expect(count == 9)
    plain.removeObject(forKey: "count")
    #expect(count == 0)
    #expect(plain.integer(forKey: "count") == 0)
  }

  @Test func asyncValuesFollowTheStore() async {
    @Shared(.appStorage("count")) var count = 0
    var values = $count.asyncValues.makeAsyncIterator()
    store.set(1, forKey: "count")
    $count.withLock { $0 = 2 }
    #expect(await values.next() == 0)
    #expect(await values.next() == 1)
    #expect(await values.next() == 2)
  }
}

extension SharedKey where Self == AppStorageKey<Int>.Default {
  /// As swift-sharing's type-safe keys declare one.
  static var launchCount: Self { Self[.appStorage("launchCount"), default: 0] }
}

struct AppStorageEdgeTests {
  @Dependency(\.defaultAppStorage) var store

  struct Item: Codable, Equatable, Sendable {
    var id: Int
  }

  @Test func jsonThatDoesNotDecodeIsLeftInTheStore() {
    store.set(Data("not json".utf8), forKey: "item")
    @Shared(.appStorage("item")) var item = Item(id: 1)
    #expect(item == Item(id: 1))
    #expect(store.data(forKey: "item") == Data("not json".utf8))
  }

  @Test func aValueAlreadyThereIsReadNotOverwritten() {
    store.set(5, forKey: "count")
    @Shared(.appStorage("count")) var count = 0
    #expect(count == 5)
    #expect(store.integer(forKey: "count") == 5)
  }
}
