import EffectCore
import Testing

/// Child stores for views: identity while the child lives, and what happens after it goes.
@MainActor
@Suite struct ChildStoreTests {
  @Test func rowStoresComeInTheRowsOrderAndSendToTheirRow() {
    let store = Store(initialState: Todos.State(rowCount: 3)) { Todos() }
    let rows = store.scope(state: \.rows, action: /Todos.Action.rows)
    #expect(rows.map(\.id) == [0, 1, 2])
    #expect(rows.ids == [0, 1, 2])
    rows[1].send(.rename("Milk"))
    #expect(store.rows[id: 1]?.title == "Milk")
    #expect(rows[id: 2]?.title == "Row 2")
    #expect(rows[id: 9] == nil)
  }

  @Test func aRowStoreIsTheSameObjectForAsLongAsItsRowLives() {
    let store = Store(initialState: Todos.State(rowCount: 3)) { Todos() }
    let first = store.scope(state: \.rows, action: /Todos.Action.rows)[1]
    store.send(.rows(id: 1, action: .rename("x")))
    store.send(.moveLastToFront)
    store.send(.add(7))
    let again = store.scope(state: \.rows, action: /Todos.Action.rows)[id: 1]
    #expect(first === again)
    store.send(.remove(1))
    store.send(.add(1))
    let reborn = store.scope(state: \.rows, action: /Todos.Action.rows)[id: 1]
    #expect(reborn !== first)
  }

  @Test func aRowStoreWhoseRowIsGoneKeepsItsLastStateAndIgnoresActions() {
    let store = Store(initialState: Todos.State(rowCount: 3)) { Todos() }
    let row = store.scope(state: \.rows, action: /Todos.Action.rows)[2]
    row.send(.rename("Last"))
    store.send(.remove(2))
    #expect(row.title == "Last")
    let messages = warnings { row.send(.rename("Ghost")) }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("went away") == true)
    #expect(store.rows.count == 2)
  }

  @Test func anOptionalChildStoreLivesWhileTheChildDoes() {
    let store = Store(initialState: Todos.State()) { Todos() }
    #expect(store.scope(state: \.child, action: /Todos.Action.child) == nil)
    let presence = ViewWatch { _ = store.scope(state: \.child, action: /Todos.Action.child) }
    store.send(.setChild(TodoRow.State(id: 1, title: "Child")))
    #expect(presence.wasTold)
    let child = store.scope(state: \.child, action: /Todos.Action.child)
    #expect(child != nil)
    #expect(child === store.scope(state: \.child, action: /Todos.Action.child))
    let stillThere = ViewWatch { _ = store.scope(state: \.child, action: /Todos.Action.child) }
    child?.send(.rename("Renamed"))
    #expect(store.child?.title == "Renamed")
    #expect(!stillThere.wasTold)
    store.send(.setChild(nil))
    #expect(stillThere.wasTold)
    #expect(store.scope(state: \.child, action: /Todos.Action.child) == nil)
    #expect(child?.title == "Renamed")
    #expect(warnings { child?.send(.toggle) }.count == 1)
  }

  @Test func aChildReplacedByOneWithAnotherIDGetsANewStore() {
    let store = Store(initialState: Todos.State()) { Todos() }
    store.send(.setChild(TodoRow.State(id: 1, title: "One")))
    let one = store.scope(state: \.child, action: /Todos.Action.child)
    store.send(.setChild(TodoRow.State(id: 2, title: "Two")))
    let two = store.scope(state: \.child, action: /Todos.Action.child)
    #expect(one !== two)
    #expect(two?.title == "Two")
  }

  @Test func aPresentedChildStoreSendsPresentedActions() {
    let store = Store(initialState: Todos.State()) { Todos() }
    #expect(store.scope(state: \.$detail, action: /Todos.Action.detail) == nil)
    store.send(.setDetail(TodoRow.State(id: 5, title: "Detail")))
    let detail = store.scope(state: \.$detail, action: /Todos.Action.detail)
    #expect(detail?.title == "Detail")
    let titleView = ViewWatch { _ = detail?.title }
    detail?.send(.rename("Edited"))
    #expect(store.detail?.title == "Edited")
    #expect(titleView.wasTold)
    #expect(detail === store.scope(state: \.$detail, action: /Todos.Action.detail))
    store.send(.detail(.dismiss))
    #expect(store.scope(state: \.$detail, action: /Todos.Action.detail) == nil)
  }

  @Test func anEnumCaseStoreExistsWhileTheStateIsInThatCase() {
    let store = Store(initialState: Session.State.loggedOut(TodoRow.State(id: 0, title: "Out"))) {
      Session()
    }
    #expect(store.scope(state: /Session.State.loggedIn, action: /Session.Action.loggedIn) == nil)
    let loggedOut = store.scope(state: /Session.State.loggedOut, action: /Session.Action.loggedOut)
    #expect(loggedOut?.title == "Out")
    #expect(
      loggedOut === store.scope(state: /Session.State.loggedOut, action: /Session.Action.loggedOut))
    let presence = ViewWatch {
      _ = store.scope(state: /Session.State.loggedIn, action: /Session.Action.loggedIn)
    }
    store.send(.logIn)
    #expect(presence.wasTold)
    let loggedIn = store.scope(state: /Session.State.loggedIn, action: /Session.Action.loggedIn)
    loggedIn?.send(.rename("Home"))
    #expect(store.state == .loggedIn(TodoRow.State(id: 1, title: "Home")))
    #expect(warnings { loggedOut?.send(.toggle) }.count == 1)
  }

  @Test func stackStoresPushPopAndKeepTheirElementsStores() {
    let store = Store(initialState: Todos.State()) { Todos() }
    var path = store.scope(state: \.path, action: /Todos.Action.path)
    #expect(path.isEmpty)
    let depth = ViewWatch { _ = store.scope(state: \.path, action: /Todos.Action.path).ids }
    path.push(TodoRow.State(id: 1, title: "First"))
    #expect(depth.wasTold)
    path = store.scope(state: \.path, action: /Todos.Action.path)
    path.push(TodoRow.State(id: 2, title: "Second"))
    path = store.scope(state: \.path, action: /Todos.Action.path)
    path.push(TodoRow.State(id: 3, title: "Third"))
    path = store.scope(state: \.path, action: /Todos.Action.path)
    #expect(path.map(\.title) == ["First", "Second", "Third"])
    let ids = path.ids
    let second = path[1]
    let unchanged = ViewWatch { _ = store.scope(state: \.path, action: /Todos.Action.path).ids }
    second.send(.rename("Middle"))
    #expect(store.path[id: ids[1]]?.title == "Middle")
    #expect(!unchanged.wasTold)
    #expect(second === store.scope(state: \.path, action: /Todos.Action.path)[id: ids[1]])
    path.pop(to: ids[0])
    #expect(store.path.ids == [ids[0]])
    #expect(unchanged.wasTold)
    #expect(second.title == "Middle")
    #expect(warnings { second.send(.toggle) }.count == 1)
  }

  @Test func settingAStacksIDsPopsWhatIsMissing() {
    let store = Store(initialState: Todos.State()) { Todos() }
    for id in 1...3 {
      store.scope(state: \.path, action: /Todos.Action.path).push(
        TodoRow.State(id: id, title: "\(id)"))
    }
    let path = store.scope(state: \.path, action: /Todos.Action.path)
    path.setIDs(Array(path.ids.prefix(1)))
    #expect(store.path.count == 1)
    store.scope(state: \.path, action: /Todos.Action.path).setIDs([])
    #expect(store.path.isEmpty)
  }

  @Test func aKeyPathScopeIsTheSameStoreEachTime() {
    let store = Store(initialState: Todos.State()) { Todos() }
    let a = store.scope(state: \.filter, action: /Todos.Action.setFilter)
    let b = store.scope(state: \.filter, action: /Todos.Action.setFilter)
    #expect(a === b)
  }

  @Test func scopesOfOneStateThroughTwoCasesAreTwoStores() {
    let store = Store(initialState: Todos.State()) { Todos() }
    let plain = store.scope(state: \.filter, action: /Todos.Action.setFilter)
    let loud = store.scope(
      state: \.filter,
      action: CasePath<Todos.Action, String>(
        embed: { .setFilter($0.uppercased()) },
        extract: { if case .setFilter(let text) = $0 { text } else { nil } }))
    #expect(plain !== loud)
    loud.send("milk")
    #expect(store.filter == "MILK")
    plain.send("eggs")
    #expect(store.filter == "eggs")
    #expect(plain === store.scope(state: \.filter, action: /Todos.Action.setFilter))
  }

  @Test func childStoresDoNotKeepTheirParentAlive() {
    weak var weakRoot: Store<Todos.State, Todos.Action>?
    var row: Store<TodoRow.State, TodoRow.Action>?
    do {
      let store = Store(initialState: Todos.State(rowCount: 2)) { Todos() }
      weakRoot = store
      row = store.scope(state: \.rows, action: /Todos.Action.rows)[0]
    }
    #expect(weakRoot == nil)
    row?.send(.rename("Still works"))
    #expect(row?.title == "Still works")
  }
}

@MainActor
@Suite struct StaleCollectionTests {
  @Test func aCollectionMadeBeforeARowWentAwayStillGivesAStoreForIt() {
    let store = Store(initialState: Todos.State(rowCount: 3)) { Todos() }
    let rows = store.scope(state: \.rows, action: /Todos.Action.rows)
    store.send(.remove(2))
    // The view that holds `rows` asks for the row it drew: never a crash.
    let gone = rows[2]
    #expect(gone.title == "Row 2")
    #expect(rows[id: 2]?.id == 2)
    #expect(warnings { gone.send(.rename("Ghost")) }.count == 1)
    #expect(store.rows.count == 2)
    #expect(store.scope(state: \.rows, action: /Todos.Action.rows)[id: 2] == nil)
  }

  @Test func aStackMadeBeforeAPopStillGivesAStoreForThePoppedElement() {
    let store = Store(initialState: Todos.State()) { Todos() }
    store.scope(state: \.path, action: /Todos.Action.path).push(TodoRow.State(id: 1, title: "A"))
    let path = store.scope(state: \.path, action: /Todos.Action.path)
    path.pop(from: path.ids[0])
    let popped = path[0]
    #expect(popped.title == "A")
    #expect(warnings { popped.send(.toggle) }.count == 1)
    #expect(store.path.isEmpty)
  }

  /// A row store whose row went away stays detached when a row with its id comes back, as a
  /// presented child's store does: it reads the row it last saw, ignores what it is sent, and
  /// the new row gets a store of its own.
  @Test func aRowStoreStaysDetachedWhenItsIDComesBack() {
    let store = Store(initialState: Todos.State(rowCount: 2)) { Todos() }
    let old = store.scope(state: \.rows, action: /Todos.Action.rows)[id: 1]!
    old.send(.rename("Old"))
    store.send(.remove(1))
    store.send(.add(1))
    #expect(store.rows[id: 1]?.title == "Row 1")
    #expect(old.title == "Old")
    #expect(warnings { old.send(.rename("Ignored")) }.count == 1)
    #expect(store.rows[id: 1]?.title == "Row 1")
    let new = store.scope(state: \.rows, action: /Todos.Action.rows)[id: 1]!
    #expect(new !== old)
    #expect(new.title == "Row 1")
  }
}
