/// The lifetime of a child store whose child can go away: the one copy of it, shared by every
/// such engine (``ChildCore``: an optional, presented, enum-case or stack child; ``ElementCore``:
/// a list row) through ``ChildStoreEngine``, and by the stores a list or a stack keeps
/// (``KeptChildStores``). A plain scope (``ScopedCore``) has no child that can go away: it is gone
/// when the store it is scoped from is (``StoreCore/isGone``).
///
/// - Appearing: a store is made for a child its parent's state holds, or, for a view still holding
///   an earlier collection of rows or stack elements, for a child gone already: that one is
///   detached at once (``KeptChildStores/gone(_:)``).
/// - Replaced: a child replaced by another (another id; another case, for an enum; see
///   ``ChildIdentity``) is gone for its store, which is detached after the batch that replaced it
///   (``ChildStoreEngine/see(_:changed:)`` with `nil`, from ``PresenceLink``, which compares the
///   identity; a row or a stack element is its id, so the list's or stack's link detaches it when
///   its id is gone). The scope gives the new child a new store.
/// - Going away: the same, after the batch that removed it. A child that comes back later, even
///   with the same identity, gets a new store: a detached store never attaches again.
/// - A read after it is gone: the last state seen (``ChildStoreEngine/lastOr(_:)``); a `states`
///   stream yields nothing more (``ChildStoreEngine/childStates(_:find:isSame:)``).
/// - A send after it is gone: ignored, with one runtime warning naming the child
///   (``ChildStoreEngine/admitsSend(_:isPresent:child:)``); a write (`restoreState`) is refused
///   (``ChildStoreEngine/admitsWrite(isPresent:)``).
///
/// What stays each engine's own: where its child is in the parent's state and how its actions
/// reach the parent, and, for a row, the per-member comparisons after a batch.
///
/// The engines keep the two values of the lifetime (``ChildStoreEngine/last``,
/// ``ChildStoreEngine/isDetached``) as fields of their own, and the rules are always inlined:
/// an engine's send, read and batch update cost what they did when each engine wrote them out
/// (a generic field, or a call that needs the engine's metadata, would cost a metadata lookup
/// on every send of an engine that is not specialised).
@MainActor
protocol ChildStoreEngine<State>: AnyObject {
  associatedtype State
  /// The child's state as of the last batch that reached this store (or as it was made).
  var last: State { get set }
  /// Set once the parent's state no longer holds this store's child (it went away, or was
  /// replaced): for good.
  var isDetached: Bool { get set }
  /// Hands the engine its child's state after a batch; `nil` when the child is gone.
  func parentDidUpdate(_ state: State?)
}

extension ChildStoreEngine {
  /// The state a read gives: the child as `find` finds it in the parent's state now, while
  /// attached; else the last state seen.
  @inline(__always)
  func lastOr(_ find: () -> State?) -> State {
    guard !isDetached, let current = find() else { return last }
    return current
  }

  /// Whether a send reaches the parent: while attached and the child is there (`isPresent`: a
  /// child removed in a batch not yet ended is gone too). Otherwise the send is reported, naming
  /// the action and the `child`, and the caller ignores it.
  @inline(__always)
  func admitsSend<Action>(
    _ action: Action, isPresent: () -> Bool, child: @autoclosure () -> String
  ) -> Bool {
    if !isDetached, isPresent() { return true }
    reportIgnoredSend(String(describing: action), child: child())
    return false
  }

  /// Whether `restoreState` may write the child: while attached and the child is there. A store
  /// whose child was replaced must not write its successor.
  @inline(__always)
  func admitsWrite(isPresent: () -> Bool) -> Bool {
    !isDetached && isPresent()
  }

  /// Takes the child's state after a batch as the last one seen, and calls `changed` with the
  /// one before and this one (no access is held then: what it tells may read the store again);
  /// `nil` (the child went away, or was replaced) detaches the store for good.
  @inline(__always)
  func see(_ state: State?, changed: (_ old: State, _ new: State) -> Void) {
    guard let state else {
      isDetached = true
      return
    }
    let old = last
    last = state
    changed(old, state)
  }
}

extension ChildStoreEngine {
  /// What a `states` stream of this store is handed after each batch, from its parent's state:
  /// the child's state, while it is this store's child (`find` finds it and `isSame` says it is
  /// the same child); nothing once it is gone or replaced, even when a child with its identity
  /// comes back (that one is another store's), as the store's reads and sends. It holds neither
  /// the store nor this engine: the stream goes on after the store is gone.
  func childStates<ParentState>(
    _ receive: @escaping @MainActor (State) -> Void,
    find: @escaping (ParentState) -> State?,
    isSame: @escaping (State) -> Bool
  ) -> @MainActor (ParentState) -> Void {
    let stream = ChildStream(isOver: isDetached)
    return { parentState in
      guard !stream.isOver else { return }
      guard let child = find(parentState), isSame(child) else {
        stream.isOver = true
        return
      }
      receive(child)
    }
  }
}

/// Whether a `states` stream of a child store has seen its child go (see
/// ``ChildStoreEngine/childStates(_:find:isSame:)``).
@MainActor
final class ChildStream {
  var isOver: Bool

  init(isOver: Bool) {
    self.isOver = isOver
  }
}

/// The warning for a send to a child store whose child is gone; the send is ignored.
@inline(never)
func reportIgnoredSend(_ action: String, child: String) {
  RuntimeWarning.report(
    """
    A child store received an action after its state went away: \(child). The action was \
    ignored: \(action).
    """)
}

/// The stores a parent keeps for the children of one list or stack, by id: a child's store is
/// the same object for as long as the child lives (see ``ChildStoreEngine``).
///
/// `Core` is the engines' concrete type, so that handing a row its state after a batch calls
/// the engine directly. A class: its methods find their types in the object, so a call from an
/// engine that is not specialised looks no metadata up; and no access to the kept stores is held
/// while an engine tells its views.
@MainActor
final class KeptChildStores<ID: Hashable, Core: StoreCore & ChildStoreEngine> {
  typealias State = Core.State
  typealias Action = Core.Action

  private var stores: [ID: Store<State, Action>] = [:]

  /// Whether no store is kept.
  var isEmpty: Bool { stores.isEmpty }

  /// The ids of the children whose stores are kept.
  var ids: Dictionary<ID, Store<State, Action>>.Keys { stores.keys }

  /// The store kept for the child `id`, while it is attached: a scope gives it again. `nil`
  /// when none is kept, or the one kept is detached (a child with its id came back since): the
  /// caller makes a new one with ``keep(_:for:)``, or ``gone(_:)`` when the child is not in its
  /// parent's state now.
  @inline(__always)
  func attached(_ id: ID) -> Store<State, Action>? {
    guard let store = stores[id], !core(of: store).isDetached else { return nil }
    return store
  }

  /// Keeps a store made for the child `id` with `core`, made with the child as its parent holds
  /// it now.
  @inline(__always)
  func keep(_ core: Core, for id: ID) -> Store<State, Action> {
    let store = Store<State, Action>(core: core)
    stores[id] = store
    return store
  }

  /// A store for a child gone already, which a view asks for through an earlier collection:
  /// `core` is made with the state the view saw, and detached at once; it is not kept.
  @inline(__always)
  func gone(_ core: Core) -> Store<State, Action> {
    core.parentDidUpdate(nil)
    return Store(core: core)
  }

  /// Hands the store of the child `id`, if one is kept, its state after a batch: a child gone
  /// detaches its store, which is no longer kept.
  func hand(_ state: State?, to id: ID) {
    guard let store = stores[id] else { return }
    core(of: store).parentDidUpdate(state)
    if state == nil { stores[id] = nil }
  }

  /// Detaches and drops the stores of the children gone, when more are kept than `ids` holds.
  func prune(keeping ids: [ID]) {
    guard stores.count > ids.count else { return }
    let kept = Set(ids)
    for (id, store) in stores where !kept.contains(id) {
      core(of: store).parentDidUpdate(nil)
      stores[id] = nil
    }
  }

  private func core(of store: Store<State, Action>) -> Core {
    unsafeDowncast(store.core as AnyObject, to: Core.self)
  }
}
