import EffectCore
import Testing

/// A store's engine does not check exclusive access to its state at run time; a write of the
/// state from inside its own reducer (`restoreState` called there) is refused instead, with a
/// warning, and the reducer's own changes stand. Reads from inside see the state as it is.
@MainActor
@Suite struct StateWriteInsideReducerTests {
  final class StoreBox: @unchecked Sendable {
    weak var store: Store<Counter.State, Counter.Action>?
    var restored: Bool?
    var readCount: Int?
  }

  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action { case increment, restoreInside, readInside }
    let box: StoreBox

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
      case .restoreInside:
        state.count += 10
        box.restored = MainActor.assumeIsolated { box.store?.restoreState { $0.count = -1 } }
        state.count += 100
      case .readInside:
        state.count += 1
        box.readCount = MainActor.assumeIsolated { box.store?.withState(\.count) }
      }
      return .none
    }
  }

  @Test func aRestoreFromInsideTheReducerIsRefusedWithAWarning() async throws {
    let log = WarningLog()
    let box = StoreBox()
    let store = Store(initialState: Counter.State()) { Counter(box: box) }
    box.store = store
    await log.capture {
      _ = store.send(.restoreInside)
    }
    #expect(box.restored == false)
    #expect(store.withState(\.count) == 110)
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("'restoreState' was called while") == true)
    // Outside a reducer it works as before.
    #expect(store.restoreState { $0.count = 5 })
    store.send(.increment)
    #expect(store.withState(\.count) == 6)
  }

  @Test func aReadFromInsideTheReducerSeesTheStateSoFar() {
    let box = StoreBox()
    let store = Store(initialState: Counter.State(count: 41)) { Counter(box: box) }
    box.store = store
    store.send(.readInside)
    #expect(box.readCount == 42)
  }
}
