/// The engine of a child store whose state may go away: an optional child, a presented feature,
/// one case of an enum, an element of a stack.
///
/// Its lifetime (appearing, replaced, going away, a read or a send after it is gone) is the one
/// ``ChildStoreEngine`` gives every child store. What is its own: it finds its child in its
/// parent's state and sends through closures made by the scope (an optional, a presentation, an
/// enum case, a stack element), and a presented child reports a send that no presentation
/// `ifLet` handled.
@MainActor
final class ChildCore<Parent: StoreCore, State, Action>: StoreCore, ChildStoreEngine {
  let parent: Parent
  private let extract: (Parent.State) -> State?
  private let embed: (Action) -> Parent.Action
  private let write: ((inout Parent.State, (inout State) -> Void) -> Void)?
  /// What the warning for a send after the child is gone calls the child.
  private let name: @Sendable () -> String
  /// For a presented child: reports that no presentation `ifLet` handled what it sent.
  private let reportUnintegrated: (@MainActor () -> Void)?
  /// The identity of the child this store was made for (see ``ChildIdentity``); `nil` for a
  /// stack element, which is its id.
  private let identity: ChildIdentity?
  let observation: ObservationNode<State>
  /// The child's state when last seen.
  var last: State
  /// Set once the parent's state no longer holds this child: the scope that made this store
  /// makes a new one for a child that comes back.
  var isDetached = false

  init(
    parent: Parent, initial: State,
    extract: @escaping (Parent.State) -> State?,
    embed: @escaping (Action) -> Parent.Action,
    write: ((inout Parent.State, (inout State) -> Void) -> Void)?,
    name: @escaping @Sendable () -> String,
    identity: ChildIdentity?,
    reportUnintegrated: (@MainActor () -> Void)?
  ) {
    self.identity = identity
    self.reportUnintegrated = reportUnintegrated
    self.parent = parent
    self.last = initial
    self.extract = extract
    self.embed = embed
    self.write = write
    self.name = name
    self.observation = ObservationNode(context: parent.observation.context)
  }

  var state: State { lastOr { extract(parent.state) } }

  var isGone: Bool { isDetached || parent.isGone }

  func send(_ action: Action) -> StoreTask {
    guard admitsSend(action, isPresent: { extract(parent.state) != nil }, child: name())
    else { return .none }
    guard let reportUnintegrated else { return parent.send(embed(action)) }
    let handled = ChildLifetime.presentationActionsHandled
    let task = parent.send(embed(action))
    if ChildLifetime.presentationActionsHandled == handled { reportUnintegrated() }
    return task
  }

  func restore(_ change: (inout State) -> Void) -> Bool {
    guard let write, admitsWrite(isPresent: { extract(parent.state) != nil }) else {
      return false
    }
    return parent.restore { write(&$0, change) }
  }

  /// Hands the node the child's new state after a batch, or notes that the child is gone.
  func parentDidUpdate(_ state: State?) {
    see(state) { _, new in observation.update(new) }
  }

  func addObserver(_ observer: @escaping @MainActor () -> Void) -> Int {
    parent.addObserver(observer)
  }

  func removeObserver(_ token: Int) { parent.removeObserver(token) }

  func observeStates(
    _ receive: @escaping @MainActor (State) -> Void, end: @escaping @Sendable () -> Void
  ) -> @MainActor () -> Void {
    let identity = identity
    return parent.observeStates(
      childStates(
        receive, find: extract, isSame: { identity == nil || ChildIdentity.of($0) == identity }),
      end: end)
  }
}

/// Hands one optional, presented or enum-case child store its state after each batch, and
/// detaches it when its child goes away or is replaced by another (see ``ChildIdentity``).
@MainActor
final class PresenceLink<Parent, State>: StateLink {
  private weak var child: (any ChildStoreEngine<State>)?
  private let extract: (Parent) -> State?
  private let identity: ChildIdentity

  init(
    child: any ChildStoreEngine<State>, identity: ChildIdentity,
    extract: @escaping (Parent) -> State?
  ) {
    self.child = child
    self.identity = identity
    self.extract = extract
  }

  func update(_ state: Parent) -> Bool {
    guard let child else { return false }
    let current = extract(state)
    guard ChildIdentity.of(current) == identity else {
      child.parentDidUpdate(nil)
      return false
    }
    child.parentDidUpdate(current)
    return true
  }
}

/// Makes a child store's engine over `parent`, given as its existential: the engine's type names
/// the parent's, so it is made here, where the parent's type is known.
@MainActor
func makeChildCore<Parent: StoreCore, State, Action>(
  parent: Parent, initial: State,
  extract: @escaping (Parent.State) -> State?,
  embed: @escaping (Action) -> Parent.Action,
  write: ((inout Parent.State, (inout State) -> Void) -> Void)?,
  name: @escaping @Sendable () -> String,
  identity: ChildIdentity,
  reportUnintegrated: (@MainActor () -> Void)? = nil
) -> (store: Store<State, Action>, core: any ChildStoreEngine<State>) {
  let core = ChildCore<Parent, State, Action>(
    parent: parent, initial: initial, extract: extract, embed: embed, write: write, name: name,
    identity: identity, reportUnintegrated: reportUnintegrated)
  return (Store(core: core), core)
}
