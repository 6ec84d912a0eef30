@_spi(Storage) import EffectCore
import Foundation
import Testing

@Suite struct IdentifiedArrayTests {
  struct Todo: Identifiable, Equatable, Hashable, Codable, Sendable {
    var id: Int
    var title = ""
  }

  @Test func lookupInsertRemove() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1), Todo(id: 2)]
    #expect(todos.ids == [1, 2])
    todos[id: 1]?.title = "Milk"
    #expect(todos[id: 1]?.title == "Milk")
    todos[id: 3] = Todo(id: 3)
    #expect(todos.ids == [1, 2, 3])
    todos[id: 2] = nil
    #expect(todos.ids == [1, 3])
    #expect(todos.remove(id: 1)?.title == "Milk")
    #expect(todos.remove(id: 99) == nil)
    #expect(todos.index(id: 3) == 0)
    #expect(todos.insert(Todo(id: 4), at: 0) == (true, 0))
    #expect(todos.append(Todo(id: 4)) == (false, 0))
    #expect(todos.ids == [4, 3])
    #expect(todos[id: 3] == Todo(id: 3))
  }

  @Test func collectionConformances() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1), Todo(id: 2), Todo(id: 3)]
    #expect(todos.map(\.id) == [1, 2, 3])
    todos[1].title = "two"
    #expect(todos[id: 2]?.title == "two")
    todos.move(fromOffsets: [0], toOffset: 3)
    #expect(todos.ids == [2, 3, 1])
    todos.sort { $0.id < $1.id }
    #expect(todos.ids == [1, 2, 3])
    todos.removeAll { $0.id == 2 }
    #expect(todos.ids == [1, 3])
    #expect(todos[id: 3] != nil)
    #expect(Set([todos, todos]).count == 1)
  }

  @Test func codableRoundTripAndDuplicateIDs() throws {
    let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
    let data = try JSONEncoder().encode(todos)
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data) == todos)
    let duplicate = Data(#"[{"id":1,"title":""},{"id":1,"title":""}]"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: duplicate)
    }
  }

  @Test func changingOneRowDoesNotCopyTheOthers() {
    // The rows' storage, chunk by chunk: `elements` builds a new array each time, whose address
    // says only where malloc put it.
    func addresses(_ todos: IdentifiedArrayOf<Todo>) -> [UnsafePointer<Todo>?] {
      todos.elementChunks.map { $0.withUnsafeBufferPointer { $0.baseAddress } }
    }
    var todos = IdentifiedArrayOf<Todo>(uniqueElements: (0..<10_000).map { Todo(id: $0) })
    let before = addresses(todos)
    todos[id: 5_000]?.title = "changed"
    todos[42].title = "changed too"
    let after = addresses(todos)
    #expect(before == after)
  }

  @Test func customID() {
    let words = IdentifiedArray(uniqueElements: ["a", "bb"], id: \.count)
    #expect(words[id: 2] == "bb")
  }
}
