import EffectCore
import Observation

/// The features the view tests observe: a list of rows with a filter, an optional child, a
/// presented child, a stack, and bindings.
struct TodoRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var title: String
    var isDone = false
    var notes = NotEquatable()

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.id == rhs.id && lhs.title == rhs.title && lhs.isDone == rhs.isDone
    }
  }
  enum Action: Equatable, Sendable {
    case rename(String)
    case toggle
    case touchNotes
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let title): state.title = title
    case .toggle: state.isDone.toggle()
    case .touchNotes: state.notes.count += 0
    }
    return .none
  }
}

/// A member that is not `Equatable`: views count it as changed whenever it may have been.
struct NotEquatable: Sendable {
  var count = 0
}

struct Todos: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<TodoRow.State> = []
    var filter = ""
    @Bound var query = ""
    var child: TodoRow.State?
    @PresentationState var detail: TodoRow.State?
    var path = StackState<TodoRow.State>()
    var unrelated = 0

    init(rowCount: Int = 0) {
      rows = IdentifiedArray(
        uniqueElements: (0..<rowCount).map { TodoRow.State(id: $0, title: "Row \($0)") })
    }
  }
  enum Action: BindingActions, Equatable, Sendable {
    case rows(id: Int, action: TodoRow.Action)
    case child(TodoRow.Action)
    case detail(PresentationAction<TodoRow.Action>)
    case path(StackAction<TodoRow.State, TodoRow.Action>)
    case binding(BindingAction<State>)
    case add(Int)
    case remove(Int)
    case moveLastToFront
    case renameAll(String)
    case setFilter(String)
    case setChild(TodoRow.State?)
    case setDetail(TodoRow.State?)
    case bumpUnrelated
    case nothing
  }

  var body: some Reducer<State, Action> {
    ReduceBindings()
    Reduce { state, action in
      switch action {
      case .add(let id):
        state.rows.append(TodoRow.State(id: id, title: "Row \(id)"))
      case .remove(let id):
        state.rows.remove(id: id)
      case .moveLastToFront:
        state.rows.move(fromOffsets: [state.rows.count - 1], toOffset: 0)
      case .renameAll(let title):
        for index in state.rows.indices { state.rows[index].title = title }
      case .setFilter(let filter):
        state.filter = filter
      case .setChild(let child):
        state.child = child
      case .setDetail(let detail):
        state.detail = detail
      case .bumpUnrelated:
        state.unrelated += 1
      case .rows, .child, .detail, .path, .binding, .nothing:
        break
      }
      return .none
    }
    .forEach(\.rows, action: /Action.rows) { TodoRow() }
    .ifLet(\.child, action: /Action.child) { TodoRow() }
    .ifLet(\.$detail, action: /Action.detail) { TodoRow() }
    .forEach(\.path, action: /Action.path) { TodoRow() }
  }
}

/// A root whose state is an enum.
struct Session: Reducer {
  enum State: Equatable {
    case loggedOut(TodoRow.State)
    case loggedIn(TodoRow.State)
  }
  enum Action: Equatable, Sendable {
    case loggedOut(TodoRow.Action)
    case loggedIn(TodoRow.Action)
    case logIn
    case logOut
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .logIn: state = .loggedIn(TodoRow.State(id: 1, title: "In"))
      case .logOut: state = .loggedOut(TodoRow.State(id: 0, title: "Out"))
      case .loggedIn, .loggedOut: break
      }
      return .none
    }
    .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) { TodoRow() }
    .ifCaseLet(/State.loggedOut, action: /Action.loggedOut) { TodoRow() }
  }
}

/// How many times observation told a view (a `withObservationTracking` onChange) that what it
/// read changed; a view is told at most once, as SwiftUI's is before it reads again.
final class ViewWatch: Sendable {
  private let told = LockIsolated(0)

  var count: Int { told.withLock { $0 } }
  var wasTold: Bool { count > 0 }

  /// Starts watching what `read` reads.
  @MainActor
  init(_ read: () -> Void) {
    let told = self.told
    withObservationTracking(read) { told.withLock { $0 += 1 } }
  }
}

extension Array where Element == ViewWatch {
  /// How many of these views were told.
  var toldCount: Int { filter(\.wasTold).count }
}
