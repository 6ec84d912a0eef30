import EffectCore
import Testing

/// `Store.states` finishes when the store goes away: a `for await` loop never hangs on a released
/// store, and iterating does not keep the store alive.
@MainActor
@Suite struct StoreStatesTests {
  struct Parent: Reducer {
    struct State: Equatable, Sendable { var child = Counter.State() }
    enum Action: Equatable, Sendable { case child(Counter.Action) }
    var body: some Reducer<State, Action> {
      Scope(state: \.child, action: /Action.child) { Counter() }
    }
  }

  /// Iterates `states` in a task of its own and keeps the counts it sees and whether the loop
  /// ended.
  final class Loop: Sendable {
    private let seen = LockIsolated<[Int]>([])
    private let ended = LockIsolated(false)
    let task: Task<Void, Never>

    init(_ states: AsyncStream<Counter.State>) {
      let seen = self.seen
      let ended = self.ended
      task = Task {
        for await state in states { seen.withLock { $0.append(state.count) } }
        ended.withLock { $0 = true }
      }
    }

    var elements: [Int] { seen.withLock { $0 } }
    var hasEnded: Bool { ended.withLock { $0 } }
  }

  @Test func theLoopEndsWhenTheStoreIsReleased() async {
    var store: Store<Counter.State, Counter.Action>? = Store(initialState: Counter.State()) {
      Counter()
    }
    weak let released = store
    let loop = Loop(store!.states)
    #expect(await eventually { loop.elements == [0] })
    store?.send(.increment)
    #expect(await eventually { loop.elements == [0, 1] })
    #expect(!loop.hasEnded)

    store = nil
    #expect(released == nil)  // the loop did not keep it alive
    #expect(await eventually { loop.hasEnded })
    #expect(loop.elements == [0, 1])
    loop.task.cancel()
  }

  @Test func aLoopStartedAfterTheStoreWentAwayEndsAfterTheLastState() async {
    var store: Store<Counter.State, Counter.Action>? = Store(initialState: Counter.State()) {
      Counter()
    }
    let states = store!.states
    store?.send(.incrementTwiceNow)
    store = nil
    let loop = Loop(states)
    #expect(await eventually { loop.hasEnded })
    #expect(loop.elements == [0, 2])
    loop.task.cancel()
  }

  @Test func aScopedStoresLoopLivesAsLongAsItsRoot() async {
    var root: Store<Parent.State, Parent.Action>? = Store(initialState: Parent.State()) {
      Parent()
    }
    // The scoped store itself is gone at once; its stream follows the root.
    let loop = Loop(root!.scope(state: \.child, action: /Parent.Action.child).states)
    root?.send(.child(.increment))
    #expect(await eventually { loop.elements == [0, 1] })
    #expect(!loop.hasEnded)
    root = nil
    #expect(await eventually { loop.hasEnded })
    loop.task.cancel()
  }

  @Test func cancellingTheLoopStopsObservingAndKeepsTheStoreRunning() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let loop = Loop(store.states)
    #expect(await eventually { loop.elements == [0] })
    loop.task.cancel()
    #expect(await eventually { loop.hasEnded })
    store.send(.increment)
    #expect(store.count == 1)
    #expect(loop.elements == [0])
  }
}
