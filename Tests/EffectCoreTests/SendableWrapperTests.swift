import EffectCore
import Testing

/// The wrappers TCA makes `Sendable` when what they hold is: a feature's state and actions made
/// of them can be `Sendable`, and an effect can cross isolation.
@Suite struct SendableWrapperTests {
  struct Child: Equatable, Identifiable, Sendable {
    var id = 0
    var count = 0
  }
  enum ChildAction: Equatable, Sendable { case tap }

  /// A state that holds every wrapper: it compiles only when each of them is `Sendable` for a
  /// `Sendable` content.
  struct State: Equatable, Sendable {
    @PresentationState var child: Child?
    @Bound var name = ""
    var path = StackState<Child>()
    var rows: IdentifiedArray<Int, Child> = []
    var alert: AlertState<ChildAction>?
    var dialog: ConfirmationDialogState<ChildAction>?
  }

  enum Action: Sendable {
    case child(PresentationAction<ChildAction>)
    case path(StackAction<Child, ChildAction>)
    case binding(BindingAction<State>)
  }

  /// An effect kept in a `Sendable` value: it compiles only when `Effect` is `Sendable` for
  /// `Sendable` actions.
  struct Pending: Sendable {
    var effect: Effect<Action>
  }

  @Test func wrappersCrossIsolationWithTheirContent() async {
    let state = State(child: Child(count: 1))
    let pending = Pending(effect: .send(.child(.presented(.tap))))
    let task = Task.detached { () -> Int in
      _ = pending
      return state.child?.count ?? 0
    }
    #expect(await task.value == 1)
  }
}
