extension Store {
  /// The stores of a navigation stack's elements, bottom first, with their ids: the pieces of a
  /// `NavigationStack` binding.
  ///
  /// ```swift
  /// let path = store.scope(state: \.path, action: /App.Action.path)
  /// for (id, screen) in zip(path.ids, path) { … }
  /// path.push(.detail(Detail.State()))   // sends .path(.push(id:state:))
  /// path.pop(to: path.ids[0])            // sends .path(.popFrom(id:)) for what is above
  /// path.setIDs(newIDs)                  // what a NavigationStack binding's setter does
  /// ```
  ///
  /// A view that scoped is told when elements are pushed or popped, not when one changes. Each
  /// element's store is the same object for as long as the element is on the stack; once popped,
  /// it keeps its last state and ignores what it is sent, with a runtime warning.
  ///
  /// - Parameters:
  ///   - toStack: The stack inside this store's state.
  ///   - toStackAction: The case that carries the stack's actions.
  ///   - fileID: Where the scope is made, for the warning about a case path made of closures.
  ///   - line: Where the scope is made, for the warning about a case path made of closures.
  /// - Returns: The stack's element stores.
  public func scope<ElementState, ElementAction>(
    state toStack: KeyPath<State, StackState<ElementState>>,
    action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StackStores<ElementState, ElementAction> {
    let key = ScopeKey(.stack, state: toStack, action: ElementAction.self)
    let cacheKey = key.caching(toStackAction, fileID: fileID, line: line)
    let elements: any ElementStoreSource<ElementState, ElementAction>
    if let cacheKey,
      let cached = children[cacheKey] as? any ElementStoreSource<ElementState, ElementAction>
    {
      elements = cached
    } else {
      elements = elementStores(
        core, stack: toStack, toStackAction: toStackAction,
        reportsUnintegrated: !isUncached && cacheKey != nil)
      if let cacheKey { children[cacheKey] = elements }
    }
    let state = core.state
    core.observation.access(ObservedKey(kind: .ids, scope: key), in: state) {
      $0[keyPath: toStack].ids
    }
    let stack = state[keyPath: toStack]
    elements.prune(keeping: stack.ids)
    return StackStores(snapshot: stack, elements: elements)
  }

  /// Makes the element stores of a stack over `parent`, given as its existential: their engines'
  /// type names the parent's, so they are made here, where the parent's type is known.
  private func elementStores<Parent: StoreCore, ElementState, ElementAction>(
    _ parent: Parent,
    stack: KeyPath<State, StackState<ElementState>>,
    toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
    reportsUnintegrated: Bool
  ) -> any ElementStoreSource<ElementState, ElementAction>
  where Parent.State == State, Parent.Action == Action {
    ElementStores<Parent, ElementState, ElementAction>(
      parent: parent, stack: stack, toStackAction: toStackAction,
      reportsUnintegrated: reportsUnintegrated)
  }
}

/// The stores of a navigation stack's elements, bottom first: see
/// `Store.scope(state:action:)` over a `StackState`.
///
/// A `NavigationStack(path:)` binding is its ``ids`` to read and ``setIDs(_:fileID:line:)`` to
/// write, and its destinations are ``subscript(id:)``.
@MainActor
public struct StackStores<State, Action> {
  /// The stack as it was when the collection was made: an element popped since still gets a
  /// store (one that keeps this state and ignores what it is sent).
  private let snapshot: StackState<State>
  private let elements: any ElementStoreSource<State, Action>

  init(snapshot: StackState<State>, elements: any ElementStoreSource<State, Action>) {
    self.snapshot = snapshot
    self.elements = elements
  }

  /// The elements' ids, bottom first, as they were when the collection was made.
  public var ids: [StackElementID] { snapshot.ids }
  /// The id the next pushed element gets.
  public var nextID: StackElementID { snapshot.nextID }
}

extension StackStores: @MainActor RandomAccessCollection {
  /// The position of the bottom element.
  public var startIndex: Int { 0 }

  /// The position after the top element.
  public var endIndex: Int { snapshot.count }

  /// The store of the element at a position.
  ///
  /// - Parameter position: The position, 0 at the bottom.
  public subscript(position: Int) -> Store<State, Action> {
    elements.store(for: snapshot.ids[position], element: snapshot[position])
  }
}

extension StackStores {
  /// The store of the element with an id, or `nil` when the stack holds no such element.
  ///
  /// - Parameter id: The element's id.
  public subscript(id id: StackElementID) -> Store<State, Action>? {
    snapshot[id: id].map { elements.store(for: id, element: $0) }
  }

  /// Pushes an element: sends `.push(id:state:)` with ``nextID``.
  ///
  /// - Parameter state: The new element's state.
  public func push(_ state: State) {
    elements.send(.push(id: nextID, state: state))
  }

  /// Pops the element with an id and every element above it: sends `.popFrom(id:)`.
  ///
  /// - Parameter id: The lowest element to pop.
  public func pop(from id: StackElementID) {
    elements.send(.popFrom(id: id))
  }

  /// Pops every element above the one with an id.
  ///
  /// - Parameter id: The element to show; nothing happens when it is the top or not there.
  public func pop(to id: StackElementID) {
    guard let position = ids.firstIndex(of: id), position + 1 < ids.count else { return }
    pop(from: ids[position + 1])
  }

  /// Makes the stack's ids `newIDs`, as a navigation stack does when the user goes back: pops
  /// the elements not in `newIDs` (from the first one missing). Ids that are not on the stack are
  /// ignored: elements are pushed with ``push(_:)``.
  ///
  /// Writing the ids the stack already has changes nothing and is reported, once for the call's
  /// site, as TCA reports a stack binding written with as many elements as the store has: a
  /// navigation stack writes its binding when the user pushes or pops, so an unchanged stack
  /// usually means that no `forEach` integrates it (the push never reached the stack).
  ///
  /// - Parameters:
  ///   - newIDs: The ids to keep, bottom first.
  ///   - fileID: Where the binding is written, for the warning.
  ///   - line: Where the binding is written, for the warning.
  public func setIDs(
    _ newIDs: [StackElementID], fileID: StaticString = #fileID, line: UInt = #line
  ) {
    var kept = 0
    while kept < Swift.min(ids.count, newIDs.count), ids[kept] == newIDs[kept] { kept += 1 }
    guard kept < ids.count else {
      if newIDs.count == ids.count { elements.reportUnchangedWrite(fileID: fileID, line: line) }
      return
    }
    pop(from: ids[kept])
  }
}

/// Makes and keeps the stores of one stack's elements.
@MainActor
protocol ElementStoreSource<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action
  /// The store of the element `id`, made with `element` when it is gone from the stack.
  func store(for id: StackElementID, element: State) -> Store<State, Action>
  func send(_ action: StackAction<State, Action>)
  /// Reports a binding write that left the stack as it was (see `StackStores.setIDs`).
  func reportUnchangedWrite(fileID: StaticString, line: UInt)
  /// Detaches and drops the stores of elements that are gone.
  func prune(keeping ids: [StackElementID])
}

/// The element stores of one stack of one store, and the link that hands each its state after a
/// batch (every element store, every batch: stacks are short). Each element's store is a
/// ``ChildCore``, kept by ``KeptChildStores`` as a list's rows are.
@MainActor
final class ElementStores<Parent: StoreCore, ElementState, ElementAction>: ElementStoreSource {
  typealias ParentState = Parent.State
  typealias ParentAction = Parent.Action
  typealias Core = ChildCore<Parent, ElementState, ElementAction>
  private let parent: Parent
  private let toStack: KeyPath<ParentState, StackState<ElementState>>
  private let toStackAction: CasePath<ParentAction, StackAction<ElementState, ElementAction>>
  private let stores = KeptChildStores<StackElementID, Core>()
  /// Whether what is not integrated is reported: not under a scope already reported as
  /// uncached (see `Store.isUncached`).
  private let reportsUnintegrated: Bool

  init(
    parent: Parent,
    stack: KeyPath<ParentState, StackState<ElementState>>,
    toStackAction: CasePath<ParentAction, StackAction<ElementState, ElementAction>>,
    reportsUnintegrated: Bool
  ) {
    self.parent = parent
    self.toStack = stack
    self.toStackAction = toStackAction
    self.reportsUnintegrated = reportsUnintegrated
    parent.observation.link(StackLink(self))
  }

  func store(
    for id: StackElementID, element: ElementState
  ) -> Store<ElementState, ElementAction> {
    if let store = stores.attached(id) { return store }
    guard let current = parent.state[keyPath: toStack][id: id] else {
      return stores.gone(makeCore(id: id, element: element))
    }
    return stores.keep(makeCore(id: id, element: current), for: id)
  }

  func send(_ action: StackAction<ElementState, ElementAction>) {
    _ = parent.send(toStackAction.embed(action))
    #if DEBUG
      guard reportsUnintegrated else { return }
      let stack = parent.state[keyPath: toStack]
      let changed: Bool
      switch action {
      case .push(let id, _): changed = stack[id: id] != nil
      case .popFrom(let id): changed = stack[id: id] == nil
      case .element: changed = true
      }
      guard !changed else { return }
      RuntimeWarning.report(
        once: "stack \(ParentState.self) \(toStack)",
        """
        The navigation stack at \(toStack) was written through its binding (\(action)), but \
        the stack did not change: no 'forEach' integrates it. Add \
        '.forEach(\\.path, action: /Action.path) { Path() }' to the body of the feature's \
        reducer, for this stack.
        """)
    #endif
  }

  func reportUnchangedWrite(fileID: StaticString, line: UInt) {
    #if DEBUG
      guard reportsUnintegrated else { return }
      RuntimeWarning.report(
        once: "stack binding \(fileID):\(line)",
        """
        The navigation stack binding at \(fileID):\(line) was written with the ids the stack \
        at \(toStack) already has, so nothing changed. A navigation stack writes its binding \
        when the user pushes or pops: this usually means that no 'forEach' integrates the \
        stack, so a push never reached it. Add '.forEach(\\.path, action: /Action.path) \
        { Path() }' to the body of the feature's reducer, and integrate every parent reducer \
        into the root reducer of the store.
        """)
    #endif
  }

  func prune(keeping ids: [StackElementID]) {
    stores.prune(keeping: ids)
  }

  /// Hands each element store its element after a batch.
  func update(_ state: ParentState) {
    guard !stores.isEmpty else { return }
    let stack = state[keyPath: toStack]
    for id in Array(stores.ids) { stores.hand(stack[id: id], to: id) }
  }

  private func makeCore(id: StackElementID, element: ElementState) -> Core {
    let toStack = toStack
    let toStackAction = toStackAction
    let writable = toStack as? WritableKeyPath<ParentState, StackState<ElementState>>
    return Core(
      parent: parent, initial: element,
      extract: { $0[keyPath: toStack][id: id] },
      embed: { toStackAction.embed(.element(id: id, action: $0)) },
      write: writable.map { path in
        { state, change in
          if state[keyPath: path][id: id] != nil { change(&state[keyPath: path][id: id]!) }
        }
      },
      name: { [description = "the stack element \(id) of \(toStack)"] in description },
      identity: nil, reportUnintegrated: nil)
  }
}

/// The link of a stack's element stores: ends with the store that scoped them.
@MainActor
final class StackLink<Parent: StoreCore, ElementState, ElementAction>: StateLink {
  private weak var elements: ElementStores<Parent, ElementState, ElementAction>?

  init(_ elements: ElementStores<Parent, ElementState, ElementAction>) {
    self.elements = elements
  }

  func update(_ state: Parent.State) -> Bool {
    guard let elements else { return false }
    elements.update(state)
    return true
  }
}
