import EffectCore
import Testing

/// A child that is an enum (enum state scoped to one case, an enum destination, a stack element
/// switched on its case) is replaced when its case changes, or when its payload is replaced by
/// one with another id: the views that scoped it are told, the scope gives a new store, and the
/// old store keeps its last state and ignores what it is sent.
@MainActor
@Suite struct EnumChildStoreTests {
  private static func row(_ id: Int) -> TodoRow.State { TodoRow.State(id: id, title: "\(id)") }

  // MARK: Enum state scoped to one case

  @Test func anEnumCaseWhosePayloadGetsAnotherIDIsANewChild() {
    let store = Store(initialState: Pane.State.first(Self.row(1))) { Pane() }
    let first = store.scope(state: /Pane.State.first, action: /Pane.Action.first)
    let view = ViewWatch { _ = store.scope(state: /Pane.State.first, action: /Pane.Action.first) }
    let untouched = ViewWatch {
      _ = store.scope(state: /Pane.State.first, action: /Pane.Action.first)
    }
    store.send(.first(.rename("Edited")))
    // An edit of the same child tells a view that scoped nothing (and keeps its store).
    #expect(store.scope(state: /Pane.State.first, action: /Pane.Action.first) === first)
    #expect(!untouched.wasTold)
    store.send(.show(.first(Self.row(2))))
    #expect(view.wasTold)
    let second = store.scope(state: /Pane.State.first, action: /Pane.Action.first)
    #expect(second !== first)
    #expect(second?.id == 2)
    #expect(first?.title == "Edited")
    #expect(warnings { first?.send(.rename("Ghost")) }.count == 1)
    #expect(store.state == .first(Self.row(2)))
  }

  @Test func anEnumCaseLeftAndEnteredAgainIsANewChild() {
    let store = Store(initialState: Pane.State.first(Self.row(1))) { Pane() }
    let first = store.scope(state: /Pane.State.first, action: /Pane.Action.first)
    store.send(.show(.second(Self.row(1))))
    store.send(.show(.first(Self.row(1))))
    #expect(store.scope(state: /Pane.State.first, action: /Pane.Action.first) !== first)
  }

  // MARK: Enum destinations

  @Test func anEnumDestinationWhoseCaseChangesIsANewChild() {
    let store = Store(initialState: Panes.State()) { Panes() }
    store.send(.present(.first(Self.row(1))))
    let first = store.scope(state: \.$destination, action: /Panes.Action.destination)
    #expect(first === store.scope(state: \.$destination, action: /Panes.Action.destination))
    let view = ViewWatch {
      _ = store.scope(state: \.$destination, action: /Panes.Action.destination)
    }
    store.send(.present(.second(Self.row(1))))
    #expect(view.wasTold)
    let second = store.scope(state: \.$destination, action: /Panes.Action.destination)
    #expect(second !== first)
    #expect(second?.state == .second(Self.row(1)))
    #expect(first?.state == .first(Self.row(1)))
    #expect(warnings { first?.send(.first(.rename("Ghost"))) }.count == 1)
    #expect(store.destination == .second(Self.row(1)))
  }

  @Test func anEnumDestinationWhosePayloadGetsAnotherIDIsANewChild() {
    let store = Store(initialState: Panes.State()) { Panes() }
    store.send(.present(.first(Self.row(1))))
    let first = store.scope(state: \.$destination, action: /Panes.Action.destination)
    let view = ViewWatch {
      _ = store.scope(state: \.$destination, action: /Panes.Action.destination)
    }
    let unchanged = ViewWatch {
      _ = store.scope(state: \.$destination, action: /Panes.Action.destination)
    }
    first?.send(.first(.rename("Edited")))
    #expect(!unchanged.wasTold)
    store.send(.present(.first(Self.row(2))))
    #expect(view.wasTold)
    let second = store.scope(state: \.$destination, action: /Panes.Action.destination)
    #expect(second !== first)
    #expect(warnings { first?.send(.first(.rename("Ghost"))) }.count == 1)
    #expect(store.destination == .first(Self.row(2)))
  }

  @Test func aCaseOfAnEnumDestinationIsANewChildWhenItsPayloadGetsAnotherID() {
    let store = Store(initialState: Panes.State()) { Panes() }
    store.send(.present(.first(Self.row(1))))
    let first = store.scope(state: \.$destination, action: /Panes.Action.destination)?
      .scope(state: /Pane.State.first, action: /Pane.Action.first)
    let view = ViewWatch {
      _ = store.scope(state: \.$destination, action: /Panes.Action.destination)?
        .scope(state: /Pane.State.first, action: /Pane.Action.first)
    }
    store.send(.present(.first(Self.row(2))))
    #expect(view.wasTold)
    let second = store.scope(state: \.$destination, action: /Panes.Action.destination)?
      .scope(state: /Pane.State.first, action: /Pane.Action.first)
    #expect(second !== first)
    #expect(second?.id == 2)
    #expect(warnings { first?.send(.rename("Ghost")) }.count == 1)
    #expect(store.destination == .first(Self.row(2)))
  }

  @Test func anOptionalEnumChildWhoseCaseChangesIsANewChild() {
    let store = Store(initialState: Panes.State()) { Panes() }
    store.send(.setChild(.first(Self.row(1))))
    let first = store.scope(state: \.child, action: /Panes.Action.child)
    let view = ViewWatch { _ = store.scope(state: \.child, action: /Panes.Action.child) }
    store.send(.setChild(.second(Self.row(1))))
    #expect(view.wasTold)
    #expect(store.scope(state: \.child, action: /Panes.Action.child) !== first)
    #expect(warnings { first?.send(.first(.rename("Ghost"))) }.count == 1)
  }

  // MARK: Stack elements

  @Test func aStackElementWhoseCaseChangesTellsTheViewsThatSwitchedOnIt() {
    let store = Store(initialState: Panes.State()) { Panes() }
    store.scope(state: \.path, action: /Panes.Action.path).push(.first(Self.row(1)))
    let id = store.path.ids[0]
    let element = store.scope(state: \.path, action: /Panes.Action.path)[id: id]
    let first = element?.scope(state: /Pane.State.first, action: /Pane.Action.first)
    let view = ViewWatch {
      _ = element?.scope(state: /Pane.State.first, action: /Pane.Action.first)
    }
    store.send(.replaceElement(id, .second(Self.row(1))))
    #expect(view.wasTold)
    #expect(element === store.scope(state: \.path, action: /Panes.Action.path)[id: id])
    #expect(element?.scope(state: /Pane.State.first, action: /Pane.Action.first) == nil)
    #expect(element?.scope(state: /Pane.State.second, action: /Pane.Action.second)?.id == 1)
    #expect(warnings { first?.send(.rename("Ghost")) }.count == 1)
    #expect(store.path[id: id] == .second(Self.row(1)))
  }

  @Test func aStackElementWhosePayloadGetsAnotherIDTellsTheViewsThatSwitchedOnIt() {
    let store = Store(initialState: Panes.State()) { Panes() }
    store.scope(state: \.path, action: /Panes.Action.path).push(.first(Self.row(1)))
    let id = store.path.ids[0]
    let element = store.scope(state: \.path, action: /Panes.Action.path)[id: id]
    let first = element?.scope(state: /Pane.State.first, action: /Pane.Action.first)
    let view = ViewWatch {
      _ = element?.scope(state: /Pane.State.first, action: /Pane.Action.first)
    }
    let unchanged = ViewWatch {
      _ = element?.scope(state: /Pane.State.first, action: /Pane.Action.first)
    }
    first?.send(.rename("Edited"))
    #expect(!unchanged.wasTold)
    #expect(element?.scope(state: /Pane.State.first, action: /Pane.Action.first) === first)
    store.send(.replaceElement(id, .first(Self.row(2))))
    #expect(view.wasTold)
    let second = element?.scope(state: /Pane.State.first, action: /Pane.Action.first)
    #expect(second !== first)
    #expect(second?.id == 2)
    #expect(first?.title == "Edited")
    #expect(warnings { first?.send(.rename("Ghost")) }.count == 1)
    #expect(store.path[id: id] == .first(Self.row(2)))
  }
}

/// A feature whose state is an enum of two children.
struct Pane: Reducer {
  enum State: Equatable, Sendable {
    case first(TodoRow.State)
    case second(TodoRow.State)
  }
  enum Action: Equatable, Sendable {
    case first(TodoRow.Action)
    case second(TodoRow.Action)
    case show(State)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .show(let new) = action { state = new }
      return .none
    }
    .ifCaseLet(/State.first, action: /Action.first) { TodoRow() }
    .ifCaseLet(/State.second, action: /Action.second) { TodoRow() }
  }
}

/// A parent of enum children: a destination, an optional child and a stack.
struct Panes: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Pane.State?
    var child: Pane.State?
    var path = StackState<Pane.State>()
  }
  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Pane.Action>)
    case child(Pane.Action)
    case path(StackAction<Pane.State, Pane.Action>)
    case present(Pane.State)
    case setChild(Pane.State?)
    case replaceElement(StackElementID, Pane.State)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .present(let destination): state.destination = destination
      case .setChild(let child): state.child = child
      case .replaceElement(let id, let element): state.path[id: id] = element
      case .destination, .child, .path: break
      }
      return .none
    }
    .ifLet(\.$destination, action: /Action.destination) { Pane() }
    .ifLet(\.child, action: /Action.child) { Pane() }
    .forEach(\.path, action: /Action.path) { Pane() }
  }
}
