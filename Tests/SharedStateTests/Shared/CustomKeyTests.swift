import Foundation
import SharedState
import Testing

/// The key of Docs/SharedState.md's "Keys of your own", as written there (with the file's URL
/// given by each test).
struct LinesFileKey: SharedKey {
  let url: URL

  var id: URL { url }

  func load(context: LoadContext<[String]>, continuation: LoadContinuation<[String]>) {
    guard let data = try? Data(contentsOf: url) else {
      // No file yet: the value is the declaration's default.
      return continuation.resumeReturningInitialValue()
    }
    let text = String(decoding: data, as: UTF8.self)
    continuation.resume(returning: text.split(separator: "\n").map(String.init))
  }

  func subscribe(
    context: LoadContext<[String]>, subscriber: SharedSubscriber<[String]>
  ) -> SharedSubscription {
    // This key does not watch the file: `try await $items.load()` reads it again.
    SharedSubscription {}
  }

  func save(_ value: [String], context: SaveContext, continuation: SaveContinuation) {
    do {
      try Data(value.joined(separator: "\n").utf8).write(to: url, options: .atomic)
      continuation.resume()
    } catch {
      continuation.resume(throwing: error)
    }
  }
}

extension SharedReaderKey where Self == LinesFileKey {
  static func lines(_ url: URL) -> Self { LinesFileKey(url: url) }
}

extension SharedReaderKey where Self == LinesFileKey.Default {
  static func shoppingList(_ url: URL) -> Self { Self[.lines(url), default: []] }
}

/// The feature of the example, over a list whose file each test chooses.
struct ShoppingList: Reducer {
  struct State: Equatable {
    @Shared var items: [String]
  }
  enum Action: Equatable {
    case add(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let item):
      state.$items.withLock { $0.append(item) }
      return .none
    }
  }
}

/// A key over a text file, one value per line, end to end.
@MainActor
struct CustomKeyTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("CustomKeyTests-\(UUID().uuidString)")
  var file: URL { directory.appendingPathComponent("shopping-list.txt") }

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  @Test func aLineFileKeyLoadsSavesAndSharesAcrossAFeature() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("Milk\nEggs".utf8).write(to: file)
    @Shared(.shoppingList(file)) var items
    #expect(items == ["Milk", "Eggs"])
    let store = TestStore(initialState: ShoppingList.State(items: $items)) { ShoppingList() }
    try await store.send(.add("Bread")) { $0.$items.withLock { $0.append("Bread") } }
    #expect(try String(contentsOf: file, encoding: .utf8) == "Milk\nEggs\nBread")
    #expect(items == ["Milk", "Eggs", "Bread"])
    // Another declaration holds the same reference; a reader sees it too.
    @Shared(.lines(file)) var same: [String] = []
    @SharedReader(.shoppingList(file)) var reader
    #expect(same == ["Milk", "Eggs", "Bread"])
    #expect(reader == ["Milk", "Eggs", "Bread"])
  }

  @Test func aMissingFileGivesTheKeysDefaultAndTheFirstChangeWritesIt() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    @Shared(.shoppingList(file)) var items
    #expect(items == [])
    $items.withLock { $0.append("Tea") }
    #expect(try String(contentsOf: file, encoding: .utf8) == "Tea")
  }

  @Test func aChangeOnDiskIsReadOnLoad() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    @Shared(.lines(file)) var items = ["Default"]
    #expect(items == ["Default"])
    try Data("Written\nElsewhere".utf8).write(to: file)
    try await $items.load()
    #expect(items == ["Written", "Elsewhere"])
  }

  @Test func aSaveThatFailsSetsSaveError() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let unwritable = directory.appendingPathComponent("missing-folder/list.txt")
    @Shared(.lines(unwritable)) var items: [String] = []
    $items.withLock { $0.append("Lost?") }
    #expect($items.saveError != nil)
    #expect(items == ["Lost?"])
  }
}
