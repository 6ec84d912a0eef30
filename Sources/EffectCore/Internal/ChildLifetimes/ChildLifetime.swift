import Synchronization

/// The lifetime of the children of one navigation reducer (`ifLet`, `ifCaseLet`, a presentation
/// `ifLet`, a stack `forEach`): how their effects are marked, and when they end.
///
/// A child's effects end once it is no longer in its parent's state, whoever removed it: the
/// reducer itself, or another reducer that ran before or after it (a `Reduce` that sets
/// `state.child = nil` or pops a stack). TCA remembers the presented identity inside the state;
/// here the store's registry is the memory, for optionals and enums too: it knows which children
/// at a place have effects running. So after each action it sees, the reducer asks the store to
/// end the effects of every child at its place but those now present. While no child effect runs
/// anywhere in the process, that request is not even made: one atomic load per action.
@usableFromInline
struct ChildLifetime {
  /// How many effects of navigation children are running, in every store of the process.
  static let liveEffects = Atomic<Int>(0)

  /// Where the children live: their state's path in the parent.
  @usableFromInline let place: AnyHashable

  @inlinable
  init(place: AnyHashable) {
    self.place = place
  }

  /// How many presentation actions (`.presented`, `.dismiss`) presentation reducers have
  /// handled, in every store of the process: a presented child store that sends one and sees no
  /// change knows that no `ifLet` integrates its destination.
  static let presentationActions = Atomic<Int>(0)

  /// The count of presentation actions handled so far.
  static var presentationActionsHandled: Int {
    presentationActions.load(ordering: .relaxed)
  }

  /// Counts a presentation action handled by a presentation reducer.
  @usableFromInline
  static func presentationActionHandled() {
    presentationActions.add(1, ordering: .relaxed)
  }

  /// Whether any navigation child's effect is running anywhere in the process.
  @usableFromInline
  static var anyEffectsLive: Bool {
    liveEffects.load(ordering: .relaxed) > 0
  }

  /// Lifts a child's effect into its parent: ids used inside it are the child's own, and it ends
  /// with the child that has `key` as its identity.
  ///
  /// - Parameters:
  ///   - effect: The child's effect.
  ///   - key: The child's identity at this place: its id, or `nil` when it has none.
  ///   - embed: Embeds the child's actions in the parent's.
  @usableFromInline
  func lift<ChildAction, ParentAction>(
    _ effect: Effect<ChildAction>, key: AnyHashable?,
    embed: @escaping @Sendable (ChildAction) -> ParentAction
  ) -> Effect<ParentAction> {
    let path: [AnyHashable] = key.map { [place, $0] } ?? [place]
    return effect.lifted(embed, under: path, scopingUserIDs: true)
      .tagged(with: .mounted(place: [place], key: key))
  }

  /// What a navigation reducer returns after its parent has run: the effects of its child and
  /// of its parent, then the end of every child at this place that is not among `keeping`.
  ///
  /// - Parameters:
  ///   - keeping: The identities of the children present now.
  ///   - childEffects: The effects the child returned for this action (started before the end,
  ///     so that they end at once if their child has already gone).
  ///   - parentEffects: The parent's effects.
  @inlinable
  func ending<Action>(
    allBut keeping: () -> [AnyHashable?], childEffects: Effect<Action>,
    parentEffects: Effect<Action>
  ) -> Effect<Action> {
    let effects = childEffects.merging(parentEffects)
    guard !childEffects.isNone || Self.anyEffectsLive else { return effects }
    return effects.merging(
      Effect(operation: .cancel(.unmounted(place: [place], keeping: keeping()))))
  }
}

extension ChildIdentity {
  /// The identity of a present child: its id, or `nil` when it has none.
  @usableFromInline
  var key: AnyHashable? {
    guard case .present(let id) = self else { return nil }
    return id
  }

  /// The identities of the child present now: none, or this one.
  @usableFromInline
  var keys: [AnyHashable?] {
    switch self {
    case .absent: []
    case .present(let id): [id]
    }
  }
}
