import EffectCore
import Testing

/// Each rule of observation through a store, counted with `withObservationTracking` as SwiftUI
/// observes: how many views are told after each kind of change.
@MainActor
@Suite struct ViewObservationTests {
  /// 1,000 row views, each reading its row's title through its row store.
  private func rowViews(
    _ store: Store<Todos.State, Todos.Action>
  ) -> [ViewWatch] {
    store.scope(state: \.rows, action: /Todos.Action.rows).map { row in
      ViewWatch { _ = row.title }
    }
  }

  @Test func renamingOneRowTellsOnlyThatRowsView() {
    let store = Store(initialState: Todos.State(rowCount: 1_000)) { Todos() }
    let views = rowViews(store)
    store.send(.rows(id: 500, action: .rename("Milk")))
    #expect(views.toldCount == 1)
    #expect(views[500].wasTold)
  }

  @Test func anActionThatChangesNothingTellsNoView() {
    let store = Store(initialState: Todos.State(rowCount: 1_000)) { Todos() }
    let views = rowViews(store)
    store.send(.nothing)
    store.send(.rows(id: 3, action: .rename("Row 3")))  // the same title again
    #expect(views.toldCount == 0)
  }

  @Test func changingARootFieldTellsNoRowView() {
    let store = Store(initialState: Todos.State(rowCount: 1_000)) { Todos() }
    let views = rowViews(store)
    store.send(.setFilter("milk"))
    #expect(views.toldCount == 0)
  }

  @Test func changingAnotherFieldOfTheRowTellsNoTitleView() {
    let store = Store(initialState: Todos.State(rowCount: 10)) { Todos() }
    let views = rowViews(store)
    store.send(.rows(id: 4, action: .toggle))
    #expect(views.toldCount == 0)
  }

  @Test func aViewOfARootFieldIsToldOnlyWhenThatFieldChanges() {
    let store = Store(initialState: Todos.State(rowCount: 10)) { Todos() }
    let filter = ViewWatch { _ = store.filter }
    store.send(.rows(id: 1, action: .rename("x")))
    store.send(.bumpUnrelated)
    store.send(.setFilter(""))
    #expect(!filter.wasTold)
    store.send(.setFilter("a"))
    #expect(filter.count == 1)
  }

  @Test func aViewOfTheRowsIDsIsToldWhenRowsComeGoOrMoveNotWhenOneIsEdited() {
    let store = Store(initialState: Todos.State(rowCount: 10)) { Todos() }
    func listView() -> ViewWatch {
      ViewWatch {
        for row in store.scope(state: \.rows, action: /Todos.Action.rows) { _ = row.id }
      }
    }
    var list = listView()
    store.send(.rows(id: 2, action: .rename("Edited")))
    store.send(.renameAll("All"))
    store.send(.setFilter("f"))
    #expect(!list.wasTold)
    store.send(.add(10))
    #expect(list.wasTold)
    list = listView()
    store.send(.remove(0))
    #expect(list.wasTold)
    list = listView()
    store.send(.moveLastToFront)
    #expect(list.wasTold)
  }

  @Test func aViewOfTheWholeStateIsToldWhenItChangesNotWhenNothingDid() {
    let store = Store(initialState: Todos.State(rowCount: 3)) { Todos() }
    var whole = ViewWatch { _ = store.state }
    store.send(.nothing)
    #expect(!whole.wasTold)
    store.send(.rows(id: 0, action: .rename("x")))
    #expect(whole.wasTold)
    whole = ViewWatch { _ = store.state }
    store.send(.setFilter("y"))
    #expect(whole.wasTold)
  }

  @Test func aMemberThatIsNotEquatableCountsAsChangedWhenItsRowMayHaveChanged() {
    let store = Store(initialState: Todos.State(rowCount: 3)) { Todos() }
    let rows = store.scope(state: \.rows, action: /Todos.Action.rows)
    let notes = rows.map { row in ViewWatch { _ = row.notes } }
    store.send(.rows(id: 1, action: .touchNotes))
    #expect(notes.toldCount == 1)
    #expect(notes[1].wasTold)
  }

  @Test func manyEditsInOneBatchStillTellEveryChangedRowAndNoOther() {
    // More edits than the journal keeps: the rows are compared one by one.
    let store = Store(initialState: Todos.State(rowCount: 100)) { Todos() }
    let views = rowViews(store)
    store.send(.renameAll("Row 7"))
    #expect(views.toldCount == 99)
    #expect(!views[7].wasTold)
  }

  @Test func restoringAnEarlierStateTellsTheViewsOfWhatItChanged() {
    let store = Store(initialState: Todos.State(rowCount: 20)) { Todos() }
    let saved = store.state
    store.send(.rows(id: 3, action: .rename("Changed")))
    let views = rowViews(store)
    store.restoreState { $0 = saved }
    #expect(views.toldCount == 1)
    #expect(views[3].wasTold)
    #expect(store.scope(state: \.rows, action: /Todos.Action.rows)[3].title == "Row 3")
  }

  @Test func aRowViewIsToldAgainAfterItReadsAgain() {
    let store = Store(initialState: Todos.State(rowCount: 5)) { Todos() }
    let row = store.scope(state: \.rows, action: /Todos.Action.rows)[2]
    var view = ViewWatch { _ = row.title }
    row.send(.rename("One"))
    #expect(view.count == 1)
    view = ViewWatch { _ = row.title }
    row.send(.rename("Two"))
    #expect(view.count == 1)
    #expect(row.title == "Two")
  }

  @Test func aChildStoreOfAKeyPathScopeTellsOnlyItsMembersViews() {
    let store = Store(initialState: Todos.State(rowCount: 2)) { Todos() }
    let rowsView = ViewWatch { _ = store.scope(state: \.rows, action: /Todos.Action.rows).count }
    let filterStore = store.scope(state: \.filter, action: /Todos.Action.setFilter)
    let filterView = ViewWatch { _ = filterStore.state }
    store.send(.bumpUnrelated)
    #expect(!filterView.wasTold)
    filterStore.send("new")
    #expect(filterView.wasTold)
    #expect(!rowsView.wasTold)
  }
}

@MainActor
@Suite struct WholeCollectionObservationTests {
  @Test func aViewOfAWholeListIsToldWhenTheListIsEditedNotOtherwise() {
    let store = Store(initialState: Todos.State(rowCount: 5)) { Todos() }
    var rows = ViewWatch { _ = store.rows }
    store.send(.setFilter("x"))
    store.send(.nothing)
    #expect(!rows.wasTold)
    store.send(.rows(id: 1, action: .rename("y")))
    #expect(rows.wasTold)
    rows = ViewWatch { _ = store.rows }
    store.send(.add(9))
    #expect(rows.wasTold)
  }
}

@MainActor
@Suite struct ChildStoreObservationTests {
  @Test func aStackElementsViewIsToldOnlyWhenThatElementChanges() {
    let store = Store(initialState: Todos.State()) { Todos() }
    for id in 1...3 {
      store.scope(state: \.path, action: /Todos.Action.path).push(
        TodoRow.State(id: id, title: "\(id)"))
    }
    let path = store.scope(state: \.path, action: /Todos.Action.path)
    let views = path.map { element in ViewWatch { _ = element.title } }
    path[1].send(.rename("Middle"))
    #expect(views.toldCount == 1)
    #expect(views[1].wasTold)
  }

  @Test func aPresentedChildsViewIsToldOnlyWhenWhatItReadChanges() {
    let store = Store(initialState: Todos.State()) { Todos() }
    store.send(.setDetail(TodoRow.State(id: 1, title: "Detail")))
    let detail = store.scope(state: \.$detail, action: /Todos.Action.detail)!
    let title = ViewWatch { _ = detail.title }
    detail.send(.toggle)
    store.send(.setFilter("x"))
    #expect(!title.wasTold)
    detail.send(.rename("New"))
    #expect(title.wasTold)
  }

  @Test func aStoreScopedFromARowStoreIsToldOfItsRowsChanges() {
    let store = Store(initialState: Todos.State(rowCount: 3)) { Todos() }
    let row = store.scope(state: \.rows, action: /Todos.Action.rows)[1]
    let title = row.scope(state: \.title, action: /TodoRow.Action.rename)
    let view = ViewWatch { _ = title.state }
    store.send(.rows(id: 2, action: .rename("Other")))
    #expect(!view.wasTold)
    title.send("Renamed")
    #expect(view.wasTold)
    #expect(store.rows[id: 1]?.title == "Renamed")
  }

  @Test func aRowAddedLaterGetsAStoreThatIsObservedToo() {
    let store = Store(initialState: Todos.State(rowCount: 1)) { Todos() }
    _ = store.scope(state: \.rows, action: /Todos.Action.rows)
    store.send(.add(5))
    let added = store.scope(state: \.rows, action: /Todos.Action.rows)[id: 5]!
    let view = ViewWatch { _ = added.title }
    store.send(.rows(id: 5, action: .rename("Five")))
    #expect(view.wasTold)
    #expect(added.title == "Five")
  }
}

@MainActor
@Suite struct UntrackedReadTests {
  @Test func withStateReadsWithoutObservationSeeingIt() {
    let store = Store(initialState: Todos.State(rowCount: 2)) { Todos() }
    let view = ViewWatch { _ = store.withState(\.filter) }
    store.send(.setFilter("x"))
    #expect(!view.wasTold)
    #expect(store.withState(\.filter) == "x")
  }

  @Test func aMemberThatChangedIsComparedAgainOnlyAfterItIsReadAgain() {
    // Observation tells an observer once; after a change the store waits for the next read.
    let store = Store(initialState: Todos.State(rowCount: 2)) { Todos() }
    var view = ViewWatch { _ = store.filter }
    store.send(.setFilter("a"))
    #expect(view.count == 1)
    store.send(.setFilter("b"))
    #expect(view.count == 1)
    view = ViewWatch { _ = store.filter }
    store.send(.setFilter("b"))
    #expect(!view.wasTold)
    store.send(.setFilter("c"))
    #expect(view.wasTold)
  }
}
