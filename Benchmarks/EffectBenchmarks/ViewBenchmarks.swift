import EffectCore
import Observation

/// The view layer's rows: a send observed by row views, its flatness in the number of rows, the
/// memory a watched row costs, and a typical screen's body rebuilt per action.
@MainActor
struct ViewBenchmarks {
  let harness: Harness

  /// One row renamed while every row's view watches its title, against the same send with
  /// nobody watching (ARCHITECTURE.md's two observed-send rows); and the same at a small and a
  /// large number of rows.
  func observedSend(sizes: [Int]) -> [Row] {
    let senders = sizes.map { size in (size: size, send: observedSender(rows: size)) }
    var rows: [Row] = []
    if let budgetSize = sizes.first(where: { $0 == 10_000 }) ?? sizes.last {
      rows += observedSendRows(rows: budgetSize)
    }
    if let small = senders.first, let large = senders.last, senders.count > 1 {
      let (few, many) = harness.measureInterleaved(
        baselineIterations: 20_000, baseline: small.send, iterations: 20_000, ours: large.send)
      rows.append(
        Row(
          name: "observed-send \(small.size)→\(large.size) views", ours: many, baseline: few,
          budget: 1.5, note: "flat: large N vs small N"))
    }
    return rows
  }

  /// The observed send at `size` rows, as ARCHITECTURE.md states its budget, from four bodies
  /// timed in the same rounds: the send with nobody watching; the send with one view told, alone
  /// and with the view's reading its title again (as SwiftUI re-renders); and a bare
  /// `Observable`'s set, watched and not, whose difference is Observation's own cost of telling
  /// one view, which no send that tells a view through Observation can avoid.
  ///
  /// Each judged ratio is the median of the rounds' ratios (a slow round slows all four).
  private func observedSendRows(rows size: Int) -> [Row] {
    let unwatched = unwatchedSender(rows: size)
    let alone = timedSender(rows: size, timingTheRender: false)
    let rendered = timedSender(rows: size, timingTheRender: true)
    let (plainSet, toldSet) = observableSetters()
    let toldAndReread = observableRender()
    let rounds = harness.measureRounds([
      (100_000, unwatched), (20_000, alone), (20_000, rendered), (100_000, plainSet),
      (20_000, toldSet), (20_000, toldAndReread),
    ])
    let send = harness.median(rounds.map { $0[0] })
    func row(_ name: String, budget: Double, note: String, ours: ([Double]) -> Double) -> Row {
      Row(
        name: name, ours: send * harness.median(rounds.map { ours($0) / $0[0] }), baseline: send,
        budget: budget, note: note)
    }
    let observation = harness.median(rounds.map { $0[4] - $0[3] })
    return [
      row("observed-send (\(size) row views)", budget: 3, note: "with the render, vs unwatched") {
        $0[2]
      },
      row(
        "observed-send alone − Observation", budget: 2,
        note: "send minus telling a bare Observable"
      ) { $0[1] - ($0[4] - $0[3]) },
      Row(
        name: "Observation's telling one view", ours: observation, baseline: send,
        budget: .infinity, note: "a bare Observable's watched set minus unwatched (not judged)",
        judged: false),
      Row(
        name: "Observation's own render", ours: harness.median(rounds.map { $0[5] }),
        baseline: send, budget: .infinity,
        note: "a bare Observable's watched set and its view's re-read: the floor of the render row",
        judged: false),
    ]
  }

  /// Renames the middle row, then lets its view read the new title again, as SwiftUI's does,
  /// while every other row's view still watches its own.
  private func observedSender(rows size: Int) -> (Int) -> Void {
    let store = Store(initialState: ViewList.State(rows: size)) { ViewList() }
    let rowStores = store.scope(state: \.rows, action: /ViewList.Action.rows)
    let target = rowStores[size / 2]
    let told = LockIsolated(0)
    for row in rowStores {
      withObservationTracking {
        blackHole(row.title)
      } onChange: {
        told.withLock { $0 += 1 }
      }
    }
    target.send(.rename(-1))
    precondition(told.withLock { $0 } == 1, "exactly one row view is told")
    watch(target)
    var title = 0
    return { n in
      for _ in 0..<n {
        title &+= 1
        target.send(.rename(title))
        watch(target)
      }
    }
  }

  /// A bare `Observable`'s property set while one view watches it, and the view's re-read
  /// after it was told (as ``timedSender(rows:timingTheRender:)`` times a row store's render):
  /// what any send that tells a view through Observation, render included, costs at least.
  private func observableRender() -> (Int) -> Duration {
    let watched = ObservedValue()
    let clock = ContinuousClock()
    var value = 0
    withObservationTracking {
      blackHole(watched.value)
    } onChange: {
    }
    return { n in
      var setting = Duration.zero
      for _ in 0..<n {
        value &+= 1
        let start = clock.now
        watched.value = value
        withObservationTracking {
          blackHole(watched.value)
        } onChange: {
        }
        setting += start.duration(to: clock.now)
      }
      return setting
    }
  }

  /// What Observation itself costs to tell one view, with no store at all: a property of an
  /// `Observable` class set with nobody watching, and set while one `withObservationTracking`
  /// watches it; each set timed alone, the re-registration untimed.
  private func observableSetters() -> (plain: (Int) -> Duration, told: (Int) -> Duration) {
    let watched = ObservedValue()
    let unwatched = ObservedValue()
    let clock = ContinuousClock()
    var value = 0
    let plain = { (n: Int) -> Duration in
      var setting = Duration.zero
      for _ in 0..<n {
        value &+= 1
        let start = clock.now
        unwatched.value = value
        setting += start.duration(to: clock.now)
      }
      return setting
    }
    let told = { (n: Int) -> Duration in
      var setting = Duration.zero
      for _ in 0..<n {
        withObservationTracking {
          blackHole(watched.value)
        } onChange: {
        }
        value &+= 1
        let start = clock.now
        watched.value = value
        setting += start.duration(to: clock.now)
      }
      return setting
    }
    return (plain, told)
  }

  /// The same sends as ``observedSender(rows:)``, each timed alone: the view watches during the
  /// send and reads its title again after it, timed only when `timingTheRender`.
  private func timedSender(rows size: Int, timingTheRender: Bool) -> (Int) -> Duration {
    let store = Store(initialState: ViewList.State(rows: size)) { ViewList() }
    let rowStores = store.scope(state: \.rows, action: /ViewList.Action.rows)
    let target = rowStores[size / 2]
    for row in rowStores { watch(row) }
    let clock = ContinuousClock()
    var title = 0
    return { n in
      var sending = Duration.zero
      for _ in 0..<n {
        title &+= 1
        let start = clock.now
        target.send(.rename(title))
        if timingTheRender {
          watch(target)
          sending += start.duration(to: clock.now)
        } else {
          sending += start.duration(to: clock.now)
          watch(target)
        }
      }
      return sending
    }
  }

  /// One row renamed through the root store, which no view watches, each send timed alone.
  private func unwatchedSender(rows size: Int) -> (Int) -> Duration {
    let store = Store(initialState: ViewList.State(rows: size)) { ViewList() }
    let clock = ContinuousClock()
    var title = 0
    let target = size / 2
    return { n in
      var sending = Duration.zero
      for _ in 0..<n {
        title &+= 1
        let start = clock.now
        store.send(.rows(id: target, action: .rename(title)))
        sending += start.duration(to: clock.now)
      }
      return sending
    }
  }

  private func watch(_ row: Store<ViewRow.State, ViewRow.Action>) {
    withObservationTracking {
      blackHole(row.title)
    } onChange: {
    }
  }

  /// What observation keeps per watched row: the member its view read (its comparison, shared
  /// by the list, and its name for observation). Printed beside it, not judged: the row's store
  /// itself, and Observation's own record of the view (the registrar's, the same for any
  /// `Observable` object).
  func watchMemory(rows size: Int) -> [Row] {
    let store = Store(initialState: ViewList.State(rows: size)) { ViewList() }
    guard let withRows = HeapInUse.bytes() else { return [] }
    let rowStores = store.scope(state: \.rows, action: /ViewList.Action.rows)
    for row in rowStores { blackHole(row) }
    guard let made = HeapInUse.bytes() else { return [] }
    for row in rowStores { blackHole(row.title) }
    guard let read = HeapInUse.bytes() else { return [] }
    for row in rowStores { watch(row) }
    guard let watched = HeapInUse.bytes() else { return [] }
    blackHole(store)
    func perRow(_ bytes: Int) -> Double { Double(bytes) / Double(size) }
    return [
      Row(
        name: "watch-memory (\(size) rows)", ours: perRow(read - made), baseline: .nan,
        budget: 200, note: "B per watched row, what observation keeps",
        kind: .absolute(unit: "B")),
      Row(
        name: "row-store memory (\(size) rows)", ours: perRow(made - withRows), baseline: .nan,
        budget: .infinity, note: "B per row store (not judged)", kind: .absolute(unit: "B"),
        judged: false),
      Row(
        name: "Observation's record (\(size) views)", ours: perRow(watched - read),
        baseline: .nan, budget: .infinity, note: "B per view, the registrar's (not judged)",
        kind: .absolute(unit: "B"), judged: false),
    ]
  }

  /// A send to a screen whose body (a `Reduce`, a `forEach`, an `ifLet`, a presentation `ifLet`,
  /// a stack `forEach` and `ReduceBindings`) is built per action, as `Store` does, against the
  /// same tree built once.
  func screenSend() -> Row {
    let perAction = Store(initialState: Screen.State()) { Screen() }
    let tree = Screen().body
    let builtOnce = Store(initialState: Screen.State()) { BuiltOnce(tree: tree) }
    let action = Screen.Action.rows(id: 1, action: .rename(1))
    let (once, rebuilt) = harness.measureInterleaved(
      baselineIterations: 200_000,
      baseline: { n in for _ in 0..<n { builtOnce.send(action) } },
      iterations: 200_000,
      ours: { n in for _ in 0..<n { perAction.send(action) } })
    return Row(
      name: "screen-send", ours: rebuilt, baseline: once, budget: 1.5,
      note: "body per action vs built once")
  }
}

struct ViewRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var title = 0
  }
  enum Action: Equatable, Sendable { case rename(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let title): state.title = title
    }
    return .none
  }
}

struct ViewList: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<ViewRow.State>

    init(rows count: Int) {
      rows = IdentifiedArray(uniqueElements: (0..<count).map { ViewRow.State(id: $0) })
    }
  }
  enum Action: Equatable, Sendable {
    case rows(id: Int, action: ViewRow.Action)
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.rows, action: /Action.rows) { ViewRow() }
  }
}

/// A typical screen: a list, an optional child, a presented child, a stack and bindings.
struct Screen: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<ViewRow.State> = [ViewRow.State(id: 1)]
    var child: ViewRow.State?
    @PresentationState var detail: ViewRow.State?
    var path = StackState<ViewRow.State>()
    var query = ""
  }
  enum Action: BindingActions, Equatable, Sendable {
    case rows(id: Int, action: ViewRow.Action)
    case child(ViewRow.Action)
    case detail(PresentationAction<ViewRow.Action>)
    case path(StackAction<ViewRow.State, ViewRow.Action>)
    case binding(BindingAction<State>)
    case refresh
  }

  var body: some Reducer<State, Action> {
    ReduceBindings()
    Reduce { state, action in
      if case .refresh = action { state.query = "" }
      return .none
    }
    .forEach(\.rows, action: /Action.rows) { ViewRow() }
    .ifLet(\.child, action: /Action.child) { ViewRow() }
    .ifLet(\.$detail, action: /Action.detail) { ViewRow() }
    .forEach(\.path, action: /Action.path) { ViewRow() }
  }
}

/// Runs a reducer tree made once, for the baseline of the screen row.
struct BuiltOnce<Tree: Reducer>: Reducer {
  let tree: Tree

  func reduce(into state: inout Tree.State, action: Tree.Action) -> Effect<Tree.Action> {
    tree.reduce(into: &state, action: action)
  }
}

/// An `Observable` value with nothing around it: what Observation's registrar costs alone.
@MainActor
final class ObservedValue: Observable {
  private let registrar = ObservationRegistrar()
  private var stored = 0

  var value: Int {
    get {
      registrar.access(self, keyPath: \.value)
      return stored
    }
    set { registrar.withMutation(of: self, keyPath: \.value) { stored = newValue } }
  }
}
