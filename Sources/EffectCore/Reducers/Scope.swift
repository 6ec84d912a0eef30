/// Runs a child reducer on a part of the parent's state, for the parent's actions that carry a
/// child action.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.counter, action: /Action.counter) { Counter() }
///   Reduce { state, action in .none }
/// }
/// ```
///
/// The child's effects are mapped back into parent actions. Their cancellation ids stay the
/// parent's to use: the parent may cancel a scoped child's effect by the child's id.
///
/// The child's state may also be one case of an enum (logged in or out, one of several
/// destinations): scope it with a case path.
///
/// ```swift
/// Scope(state: /State.loggedIn, action: /Action.loggedIn) { LoggedIn() }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: StatePath<ParentState, Child.State>
  @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child
  /// The enum case the child's state lives in, for a `Scope` made with a case path.
  /// Set for a child that is one case of an enum state. A reference, so that the common scope
  /// (a key path) stays small: every level of a nested send copies its scope.
  @usableFromInline let toChildCase: CaseScope<ParentState, Child.State>?

  /// Scopes a child reducer.
  ///
  /// - Parameters:
  ///   - toChildState: The child's state inside the parent's.
  ///   - toChildAction: The case of the parent's actions that carries child actions.
  ///   - child: The child reducer.
  @inlinable @inline(__always)
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = StatePath(toChildState)
    self.toChildAction = toChildAction
    self.child = child()
    self.toChildCase = nil
  }

  /// Scopes a child reducer whose state is one case of the parent's enum state.
  ///
  /// The child runs only while the parent's state is in that case. A child action that arrives
  /// while it is in another case is ignored, with a runtime warning, and ends the effects the
  /// child started in the case it left. To end them as soon as the parent changes the case, use
  /// ``Reducer/ifCaseLet(_:action:then:fileID:line:)``.
  ///
  /// ```swift
  /// enum State { case loggedIn(LoggedIn.State), loggedOut(LoggedOut.State) }
  /// var body: some Reducer<State, Action> {
  ///   Scope(state: /State.loggedIn, action: /Action.loggedIn) { LoggedIn() }
  ///   Scope(state: /State.loggedOut, action: /Action.loggedOut) { LoggedOut() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The case of the parent's state that holds the child's.
  ///   - toChildAction: The case of the parent's actions that carries child actions.
  ///   - child: The child reducer.
  ///   - fileID: Where the scope is made, for diagnostics.
  ///   - line: Where the scope is made, for diagnostics.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CasePath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = StatePath()
    self.toChildAction = toChildAction
    self.child = child()
    self.toChildCase = CaseScope(path: toChildState, fileID: fileID, line: line)
  }

  /// Runs the child for child actions; ignores every other action.
  @inlinable @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    if let toChildCase { return reduce(into: &state, case: toChildCase, childAction, action) }
    let effect = toChildState.modify(&state) { child.reduce(into: &$0, action: childAction) }
    if effect.isNone { return .none }
    return lift(effect)
  }

  @usableFromInline
  func lift(_ effect: Effect<Child.Action>) -> Effect<ParentAction> {
    let toChildAction = self.toChildAction
    return effect.lifted(
      { toChildAction.embed($0) }, under: [toChildState.tag], scopingUserIDs: false)
  }

  /// Runs the child on the enum case that holds its state, if that is the current case.
  @usableFromInline
  func reduce(
    into state: inout ParentState, case scope: CaseScope<ParentState, Child.State>,
    _ childAction: Child.Action, _ action: ParentAction
  ) -> Effect<ParentAction> {
    guard var childState = scope.path.extract(from: state) else {
      RuntimeWarning.report(
        "A 'Scope' at \(scope.fileID):\(scope.line) received \(action) while the state was not "
          + "in its case; the action was ignored, and the effects the child started in that "
          + "case were ended. Use 'ifCaseLet' to end them when the case changes.")
      return Effect(operation: .cancel(.child([scope.tag])))
    }
    let effect = child.reduce(into: &childState, action: childAction)
    state = scope.path.embed(childState)
    if effect.isNone { return .none }
    let toChildAction = self.toChildAction
    return effect.lifted({ toChildAction.embed($0) }, under: [scope.tag], scopingUserIDs: false)
      .tagged(with: .child([scope.tag]))
  }
}

/// The enum case a child's state lives in, and where the reducer that scopes it was made.
@usableFromInline
final class CaseScope<Root, Value> {
  @usableFromInline let path: CasePath<Root, Value>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(path: CasePath<Root, Value>, fileID: StaticString, line: UInt) {
    self.path = path
    self.fileID = fileID
    self.line = line
  }

  /// Tells this scope's children apart from any other's in effect tags: the place it was made.
  @usableFromInline
  var tag: AnyHashable { AnyHashable(CallSiteTag(fileID: fileID, line: line)) }
}

/// A place in the source, by the address of its static file name and its line.
struct CallSiteTag: Hashable, Sendable {
  let file: UInt
  let line: UInt

  init(fileID: StaticString, line: UInt) {
    self.file = UInt(bitPattern: fileID.utf8Start)
    self.line = line
  }
}
