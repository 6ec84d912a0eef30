import SharedState

/// A list that holds a shared count and hands it to a child by reference.
struct SharedParent: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    var child: SharedChild.State?
    var plain = 0
  }
  enum Action: Equatable {
    case increment
    case openChild
    case child(SharedChild.Action)
    case bumpPlain
    case incrementTwiceLater
    case incrementAtOnce
    case incrementTwiceAtOnce
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.$count.withLock { $0 += 1 }
        return .none
      case .openChild:
        state.child = SharedChild.State(count: state.$count)
        return .none
      case .child:
        return .none
      case .bumpPlain:
        state.plain += 1
        return .none
      case .incrementAtOnce:
        return .send(.increment)
      case .incrementTwiceAtOnce:
        return .concatenate(.send(.increment), .send(.bumpPlain), .send(.increment))
      case .incrementTwiceLater:
        return .run { send in
          await send(.increment)
          await send(.bumpPlain)
        }
      }
    }
    .ifLet(\.child, action: /Action.child) { SharedChild() }
  }
}

/// A child that changes the count it was handed.
struct SharedChild: Reducer {
  struct State: Equatable {
    @Shared var count: Int
  }
  enum Action: Equatable {
    case double
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 *= 2 }
    return .none
  }
}
