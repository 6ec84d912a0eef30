extension Store {
  /// A store for a child feature whose state is always there: a view onto this store's state
  /// and actions.
  ///
  /// ```swift
  /// let counter = store.scope(state: \.counter, action: /App.Action.counter)
  /// counter.send(.increment)   // sends .counter(.increment) to the parent
  /// ```
  ///
  /// Scoping the same way again gives the same store.
  ///
  /// - Parameters:
  ///   - toChildState: The child's state inside this store's state.
  ///   - toChildAction: The case of this store's actions that carries the child's actions.
  ///   - fileID: Where the scope is made, for the warning about a case path made of closures.
  ///   - line: Where the scope is made, for the warning about a case path made of closures.
  /// - Returns: A store whose state and actions are the child's.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction> {
    let key = ScopeKey(.member, state: toChildState, action: ChildAction.self)
      .caching(toChildAction, fileID: fileID, line: line)
    if let key, let child = children[key] as? Store<ChildState, ChildAction> { return child }
    let child = Store<ChildState, ChildAction>(
      core: scopedCore(core, toChildState, toChildAction))
    child.isUncached = isUncached || key == nil
    if let key { children[key] = child }
    return child
  }

  /// A store for an optional child feature, while its state is there.
  ///
  /// ```swift
  /// if let timer = store.scope(state: \.timer, action: /App.Action.timer) {
  ///   TimerView(store: timer)
  /// }
  /// ```
  ///
  /// A view that scoped is told when the child comes or goes, or is replaced by another child
  /// (one with another id; for an enum child, one in another case, or whose payload has another
  /// id), not when the child changes. The store is the same object for as long as the child
  /// lives; once the child is gone or replaced it keeps its last state and ignores what it is
  /// sent, with a runtime warning.
  ///
  /// - Parameters:
  ///   - toChildState: The optional child state.
  ///   - toChildAction: The case of this store's actions that carries the child's actions.
  ///   - fileID: Where the scope is made, for the warning about a case path made of closures.
  ///   - line: Where the scope is made, for the warning about a case path made of closures.
  /// - Returns: The child's store, or `nil` when the child state is `nil`.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction>? {
    presentChild(
      key: ScopeKey(.optional, state: toChildState, action: ChildAction.self),
      actionCase: toChildAction,
      extract: { $0[keyPath: toChildState] },
      embed: toChildAction.embed,
      write: (toChildState as? WritableKeyPath<State, ChildState?>).map { path in
        { state, change in if state[keyPath: path] != nil { change(&state[keyPath: path]!) } }
      },
      name: "\(toChildState)", fileID: fileID, line: line)
  }

  /// A store for a presented child feature (``PresentationState``), while it is presented: the
  /// store of a sheet, a popover, a pushed screen.
  ///
  /// ```swift
  /// if let detail = store.scope(state: \.$detail, action: /Parent.Action.detail) {
  ///   detail.send(.save)   // sends .detail(.presented(.save))
  /// }
  /// ```
  ///
  /// What it sends reaches the parent as `.presented` actions; to dismiss, send the parent's
  /// `.dismiss` (`store.send(.detail(.dismiss))`) or let the child dismiss itself. Identity and
  /// lifetime are those of the `scope` of an optional child.
  ///
  /// - Parameters:
  ///   - toChildState: The presentation state, `\.$destination`.
  ///   - toChildAction: The case of this store's actions that carries presentation actions.
  ///   - fileID: Where the scope is made, for the warning about a case path made of closures.
  ///   - line: Where the scope is made, for the warning about a case path made of closures.
  /// - Returns: The presented child's store, or `nil` when nothing is presented.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, PresentationState<ChildState>>,
    action toChildAction: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction>? {
    presentChild(
      key: ScopeKey(.presented, state: toChildState, action: ChildAction.self),
      actionCase: toChildAction,
      extract: { $0[keyPath: toChildState].wrappedValue },
      embed: { toChildAction.embed(.presented($0)) },
      write: (toChildState as? WritableKeyPath<State, PresentationState<ChildState>>).map { path in
        { state, change in
          if state[keyPath: path].wrappedValue != nil {
            change(&state[keyPath: path].wrappedValue!)
          }
        }
      },
      name: "\(toChildState)", fileID: fileID, line: line,
      reportUnintegrated: unintegratedReport(toChildState, fileID: fileID, line: line))
  }

  /// A store for one case of an enum state, while the state is in that case.
  ///
  /// ```swift
  /// if let loggedIn = store.scope(state: /App.State.loggedIn, action: /App.Action.loggedIn) {
  ///   HomeView(store: loggedIn)
  /// }
  /// ```
  ///
  /// Identity and lifetime are those of the `scope` of an optional child: the store is the same
  /// while the state stays in that case with the same child (the same id, for an `Identifiable`
  /// child). A view that scoped is told when the state enters or leaves the case, or when the
  /// case's child is replaced by one with another id; it is not told when the child changes.
  ///
  /// - Parameters:
  ///   - toChildState: The case of this store's state that holds the child's.
  ///   - toChildAction: The case of this store's actions that carries the child's actions.
  ///   - fileID: Where the scope is made, for the warning about a case path made of closures.
  ///   - line: Where the scope is made, for the warning about a case path made of closures.
  /// - Returns: The child's store, or `nil` when the state is in another case.
  public func scope<ChildState, ChildAction>(
    state toChildState: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction>? {
    let key = toChildState.caseIdentity.map {
      ScopeKey(.enumCase, state: $0, action: ChildAction.self)
    }
    if key == nil, let metadata = EnumMetadata(State.self) {
      // A case path made of closures cannot name its case: a view that scoped through one is
      // told when the state moves to another case or its case's child is replaced.
      core.observation.access(
        ObservedKey(kind: .presence, scope: ScopeKey(.enumCase, state: "case", action: State.self)),
        in: core.state
      ) { EnumCaseIdentity(of: $0, in: metadata) }
    }
    return presentChild(
      key: key,
      actionCase: toChildAction,
      extract: toChildState.extract(from:),
      embed: toChildAction.embed,
      write: { state, change in
        guard var child = toChildState.extract(from: state) else { return }
        change(&child)
        state = toChildState.embed(child)
      },
      name: "\(State.self) case \(ChildState.self)", fileID: fileID, line: line)
  }

  /// Reports, once per destination, a presented child whose sends no presentation `ifLet`
  /// handles; nothing in release builds.
  private func unintegratedReport(
    _ destination: AnyKeyPath, fileID: StaticString, line: UInt
  ) -> (@MainActor () -> Void)? {
    #if DEBUG
      return {
        RuntimeWarning.report(
          once: "presentation \(State.self) \(destination)",
          """
          The destination at \(destination) is presented, and what its store sent (scoped at \
          \(fileID):\(line)) reached no presentation 'ifLet': its reducer does not run and it \
          cannot be dismissed. Add '.ifLet(\\.$destination, action: /Action.destination) \
          { Destination() }' to the body of the feature's reducer, for this destination.
          """)
      }
    #else
      return nil
    #endif
  }

  private func scopedCore<Parent: StoreCore, ChildState, ChildAction>(
    _ parent: Parent,
    _ toChildState: KeyPath<State, ChildState>,
    _ toChildAction: CasePath<Action, ChildAction>
  ) -> any StoreCore<ChildState, ChildAction> where Parent.State == State, Parent.Action == Action {
    ScopedCore(parent: parent, toState: toChildState, toAction: toChildAction)
  }

  /// The child store for an optional child, made once per child: see the public `scope`s.
  private func presentChild<ChildState, ChildAction, ActionRoot>(
    key: ScopeKey?,
    actionCase: CasePath<ActionRoot, some Any>,
    extract: @escaping (State) -> ChildState?,
    embed: @escaping (ChildAction) -> Action,
    write: ((inout State, (inout ChildState) -> Void) -> Void)?,
    name: @autoclosure () -> String,
    fileID: StaticString, line: UInt,
    reportUnintegrated: (@MainActor () -> Void)? = nil
  ) -> Store<ChildState, ChildAction>? {
    let node = core.observation
    let state = core.state
    let child = extract(state)
    let identity = ChildIdentity.of(child)
    if let key {
      // A view that scoped is told when the child comes, goes or is replaced.
      node.access(ObservedKey(kind: .presence, scope: key), in: state) {
        ChildIdentity.of(extract($0))
      }
    }
    let key =
      key?.caching(actionCase, fileID: fileID, line: line)
      ?? ScopeKey.uncached(fileID: fileID, line: line)
    guard let child else {
      if let key { children[key] = nil }
      return nil
    }
    if let key, let cached = children[key] as? PresentedChild<ChildState, ChildAction>,
      cached.serves(identity)
    {
      return cached.store
    }
    let description = name()
    let isUncached = isUncached || key == nil
    let (store, childCore) = makeChildCore(
      parent: core, initial: child, extract: extract, embed: embed, write: write,
      name: { description }, identity: identity,
      reportUnintegrated: isUncached ? nil : reportUnintegrated)
    store.isUncached = isUncached
    node.link(PresenceLink(child: childCore, identity: identity, extract: extract))
    if let key {
      children[key] = PresentedChild(store: store, core: childCore, identity: identity)
    }
    return store
  }
}

/// A cached child store of an optional scope, with the identity of the child it was made for.
@MainActor
final class PresentedChild<State, Action> {
  let store: Store<State, Action>
  private let core: any ChildStoreEngine<State>
  private let identity: ChildIdentity

  init(store: Store<State, Action>, core: any ChildStoreEngine<State>, identity: ChildIdentity) {
    self.store = store
    self.core = core
    self.identity = identity
  }

  /// Whether the store is the one of the child `identity`: made for it, and not detached (see
  /// ``ChildStoreEngine``: a child gone once is gone for its store, even when it comes back).
  func serves(_ identity: ChildIdentity) -> Bool {
    self.identity == identity && !core.isDetached
  }
}
